import { useEffect } from 'react';
import { Alert, Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NUMBER_AFFIX_PATTERN, NUMBER_RESETS, TEMPLATE_CODE_PATTERN, DOCUMENT_TYPE_PATTERN, endpoints, todayInJakarta, type DocumentTemplate } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { useDebounced } from '../../../app/components/LazySelect.tsx';
import {
  formFormat, isDocumentType, knownFromTypePreview, previewNumbers, templateFormValues, templatePayload,
  type KnownNumber, type TemplateFormValues,
} from './template-form.ts';
import { TEMPLATES_KEY } from './templates-key.ts';

interface Props {
  open: boolean;
  /** The template being edited; undefined creates one. */
  template?: DocumentTemplate;
  onClose: () => void;
}

/** Create or edit a document template, with a live preview of the numbers it will give. */
export function TemplateFormModal({ open, template, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TemplateFormValues>();
  const values = Form.useWatch([], form) as Partial<TemplateFormValues> | undefined;
  const today = todayInJakarta();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(templateFormValues(template));
  }, [open, template, form]);

  // The counter already reached by the document type (numbers are never given twice), asked 250 ms after typing.
  const documentType = useDebounced((values?.documentType ?? '').trim());
  const sameType = template !== undefined && documentType.toLowerCase() === template.documentType.toLowerCase();
  const stored = useQuery({
    queryKey: [...TEMPLATES_KEY, 'preview', template?.templateId, today],
    queryFn: ({ signal }) => call(endpoints.previewDocumentTemplate, { params: { templateId: template!.templateId }, query: { date: today }, signal }),
    enabled: open && sameType,
  });
  const byType = useQuery({
    queryKey: [...TEMPLATES_KEY, 'next', documentType.toLowerCase(), today],
    queryFn: ({ signal }) => call(endpoints.previewNextNumber, { query: { documentType, date: today }, signal }),
    enabled: open && !sameType && isDocumentType(documentType),
    meta: { silent: true },
  });
  const known: KnownNumber | undefined = sameType
    ? stored.data && template && { number: stored.data.number, period: stored.data.period, format: formFormat(template) }
    : byType.data && knownFromTypePreview(byType.data);
  const typeTaken = !sameType && byType.data?.fromTemplate === true;
  const preview = previewNumbers(values ?? {}, today, known);

  const save = useMutation({
    mutationFn: (v: TemplateFormValues) => {
      const body = templatePayload(v);
      return template
        ? call(endpoints.updateDocumentTemplate, { params: { templateId: template.templateId }, body })
        : call(endpoints.createDocumentTemplate, { body });
    },
    onSuccess: async (saved) => {
      toast.success(t(template ? 'ledger.updated' : 'ledger.created', { code: saved.templateCode }));
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      onClose();
    },
  });

  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });
  const affixRule = { pattern: NUMBER_AFFIX_PATTERN, message: t('docTemplates.affixPattern') };

  return (
    <Modal
      open={open}
      title={template ? t('docTemplates.editTitle', { code: template.templateCode }) : t('docTemplates.addTitle')}
      onCancel={onClose}
      footer={null}
      width="min(760px, 94vw)"
      destroyOnHidden
      maskClosable={false}
    >
      <Form<TemplateFormValues>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(v) => {
          if (!preview.problem) save.mutate(v);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="templateCode" label={t('ledger.code')} rules={[required(t('ledger.code')), { pattern: TEMPLATE_CODE_PATTERN, message: t('docTemplates.codePattern') }]}>
              <Input maxLength={30} autoFocus placeholder="TPL-QT" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="templateName" label={t('ledger.name')} rules={[required(t('ledger.name'))]}>
              <Input maxLength={100} placeholder={t('docTemplates.namePlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="documentType"
          label={t('docTemplates.documentType')}
          extra={t('docTemplates.documentTypeHint')}
          validateStatus={typeTaken ? 'warning' : undefined}
          help={typeTaken ? t('error.document_type_code_already_exists', { 0: documentType }) : undefined}
          rules={[required(t('docTemplates.documentType')), { pattern: DOCUMENT_TYPE_PATTERN, message: t('docTemplates.documentTypePattern') }]}
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
            <Form.Item name="separator" label={t('docTemplates.separator')} extra={t('docTemplates.separatorHint')} rules={[affixRule]}>
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
          <Col xs={24} md={10}>
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
          <Col xs={12} md={4}>
            <Form.Item name="month" label={t('docTemplates.month')} valuePropName="checked">
              <Switch aria-label={t('docTemplates.month')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="day" label={t('docTemplates.day')} valuePropName="checked">
              <Switch aria-label={t('docTemplates.day')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="counterDigits"
              label={t('docTemplates.counterDigits')}
              rules={[{ required: true, message: t('validation.required', { label: t('docTemplates.counterDigits') }) }]}
            >
              <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="reset" label={t('docTemplates.reset')}>
          <Select
            aria-label={t('docTemplates.reset')}
            options={NUMBER_RESETS.map((value) => ({ value, label: t(`docTemplates.resets.${value}`) }))}
          />
        </Form.Item>
        <section className="template-preview" aria-live="polite" aria-label={t('docTemplates.preview')}>
          {preview.problem ? (
            <Alert type="error" showIcon title={t(`error.${preview.problem}`)} />
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
        <Space className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={Boolean(preview.problem)}>
            {t('crud.save')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
