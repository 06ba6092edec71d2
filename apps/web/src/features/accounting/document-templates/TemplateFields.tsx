import { useEffect } from 'react';
import { Alert, Col, Form, Input, InputNumber, Radio, Row, Select, Switch, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_TYPE_PATTERN,
  NUMBER_AFFIX_PATTERN,
  NUMBER_RESETS,
  TEMPLATE_CODE_PATTERN,
  endpoints,
  formatProblem,
  todayInJakarta,
  type DocumentTemplate,
} from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { useDebounced } from '../../../app/components/LazySelect.tsx';
import { formFormat, isDocumentType, knownFromTypePreview, previewNumbers, type KnownNumber, type TemplateFormValues } from './template-form.ts';
import { TEMPLATES_KEY } from './templates-key.ts';
import { errorKey } from '../../../i18n/keys.ts';

interface Props {
  /** The template being edited; undefined creates one. */
  row?: DocumentTemplate;
  form: FormInstance<TemplateFormValues>;
}

/** The fields of a document template with a live preview of the numbers it will give. */
export function TemplateFields({ row, form }: Props) {
  const { t } = useTranslation();
  const values = Form.useWatch([], form) as Partial<TemplateFormValues> | undefined;
  const today = todayInJakarta();

  // The counter the document type has reached (numbers are never given twice), asked 250 ms after typing.
  const documentType = useDebounced((values?.documentType ?? row?.documentType ?? '').trim());
  const sameType = row !== undefined && documentType.toLowerCase() === row.documentType.toLowerCase();
  const stored = useQuery({
    queryKey: [...TEMPLATES_KEY, 'preview', row?.templateId, today],
    queryFn: ({ signal }) => call(endpoints.previewDocumentTemplate, { params: { templateId: row!.templateId }, query: { date: today }, signal }),
    enabled: sameType,
  });
  const byType = useQuery({
    queryKey: [...TEMPLATES_KEY, 'next', documentType.toLowerCase(), today],
    queryFn: ({ signal }) => call(endpoints.previewNextNumber, { query: { documentType, date: today }, signal }),
    enabled: !sameType && isDocumentType(documentType),
    meta: { silent: true },
  });
  const known: KnownNumber | undefined = sameType
    ? stored.data && row && { number: stored.data.number, period: stored.data.period, format: formFormat(row) }
    : byType.data && knownFromTypePreview(byType.data);
  const typeTaken = !sameType && byType.data?.fromTemplate === true;
  const preview = previewNumbers(values ?? {}, today, known);

  // Another template already numbers this type: said as soon as the server answers, and saving waits for a change.
  useEffect(() => {
    if (form.isFieldTouched('documentType')) void form.validateFields(['documentType']).catch(() => undefined);
  }, [typeTaken, form]);
  const typeRule = {
    validator: (_: unknown, value: string | undefined) =>
      typeTaken && (value ?? '').trim().toLowerCase() === documentType.toLowerCase()
        ? Promise.reject(new Error(t('error.document_type_code_already_exists', { 0: documentType })))
        : Promise.resolve(),
  };

  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });
  const affixRule = { pattern: NUMBER_AFFIX_PATTERN, message: t('docTemplates.affixPattern') };
  /** The layout rules of formatProblem, checked before anything is sent (the server checks them again). */
  const layoutRule = () => ({
    validator: () => {
      const problem = formatProblem(formFormat(form.getFieldsValue(true) as TemplateFormValues));
      return problem ? Promise.reject(new Error(t(errorKey(problem)))) : Promise.resolve();
    },
  });

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Form.Item
            name="templateCode"
            label={t('ledger.code')}
            rules={[required(t('ledger.code')), { pattern: TEMPLATE_CODE_PATTERN, message: t('docTemplates.codePattern') }]}
          >
            <Input maxLength={30} autoFocus placeholder="TPL-QT" />
          </Form.Item>
        </Col>
        <Col xs={24} md={15}>
          <Form.Item name="templateName" label={t('ledger.name')} rules={[required(t('ledger.name'))]}>
            <Input maxLength={100} placeholder={t('docTemplates.namePlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="documentType"
        label={t('docTemplates.documentType')}
        extra={t('docTemplates.documentTypeHint')}
        rules={[required(t('docTemplates.documentType')), { pattern: DOCUMENT_TYPE_PATTERN, message: t('docTemplates.documentTypePattern') }, typeRule]}
      >
        <Input maxLength={30} placeholder="QT" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="prefix" label={t('docTemplates.prefix')} rules={[affixRule]}>
            <Input maxLength={20} placeholder="QUO/" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="separator" label={t('docTemplates.separator')} tooltip={t('docTemplates.separatorHint')} rules={[affixRule]}>
            <Input maxLength={3} placeholder="/" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="suffix" label={t('docTemplates.suffix')} rules={[affixRule]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="yearDigits" label={t('docTemplates.year')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 0, label: t('docTemplates.yearNone') },
                { value: 2, label: t('docTemplates.year2') },
                { value: 4, label: t('docTemplates.year4') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="month" label={t('docTemplates.month')} valuePropName="checked">
            <Switch aria-label={t('docTemplates.month')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="day" label={t('docTemplates.day')} valuePropName="checked">
            <Switch aria-label={t('docTemplates.day')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="counterDigits"
            label={t('docTemplates.counterDigits')}
            rules={[{ required: true, message: t('validation.required', { label: t('docTemplates.counterDigits') }) }]}
          >
            <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="reset" label={t('docTemplates.reset')} dependencies={['yearDigits', 'month', 'day']} rules={[layoutRule]}>
            <Select aria-label={t('docTemplates.reset')} options={NUMBER_RESETS.map((value) => ({ value, label: t(`docTemplates.resets.${value}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <section className="template-preview" aria-live="polite" aria-label={t('docTemplates.preview')}>
        {preview.problem ? (
          <Alert type="warning" showIcon title={t(errorKey(preview.problem))} />
        ) : (
          <>
            <div className="template-preview__label">{t('docTemplates.preview')}</div>
            <div className="template-preview__number" data-testid="template-preview-number">
              {preview.next}
            </div>
            <div className="template-preview__more muted-text">
              {t('docTemplates.afterNext', { value: preview.afterNext })}
              {preview.nextPeriod && <> · {t('docTemplates.nextPeriod', { value: preview.nextPeriod })}</>}
            </div>
          </>
        )}
      </section>
    </>
  );
}
