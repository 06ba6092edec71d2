import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Skeleton, Space, Tooltip } from 'antd';
import { FilePdfOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { hasAnyTask, todayInJakarta, type DocumentDetail } from '@nusa/contracts';
import { reportError, toast } from '../../../app/feedback.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { OrgUnitPicker } from '../../../app/components/pickers/OrgUnitPicker.tsx';
import { useFormat } from '../../../app/use-format.ts';
import { ERP, invalidateArea } from '../../../api/query-keys.ts';
import { PartnerPicker } from '../pickers/PartnerPicker.tsx';
import { DocumentActions } from './DocumentActions.tsx';
import { DocumentHistory } from './DocumentHistory.tsx';
import { DocumentStatusTag } from './DocumentStatusTag.tsx';
import { openPdf } from './document-api.ts';
import { emptyLine, type GridLine } from './line-grid.ts';
import { LineGrid } from './LineGrid.tsx';
import type { DocumentTypeUi } from './type-ui.ts';

interface Props<D extends DocumentDetail, B> {
  type: DocumentTypeUi<D, B>;
  documentId?: string;
  onSaved: (documentId: string) => void;
  onClosed: () => void;
}

/** A document in the drawer: loads it (when it exists), then the form; a document that is no longer a draft is read-only. */
export function DocumentEditor<D extends DocumentDetail, B>({ type, documentId, onSaved, onClosed }: Props<D, B>) {
  const doc = useQuery({
    queryKey: [ERP, 'documents', type.code, 'one', documentId],
    queryFn: ({ signal }) => type.api.get(documentId!, signal),
    enabled: !!documentId,
  });
  if (documentId && !doc.data) return <Skeleton active />;
  return (
    <EditorBody key={doc.data ? `${doc.data.documentId}:${doc.data.updatedAt}` : 'new'} type={type} doc={doc.data} onSaved={onSaved} onClosed={onClosed} />
  );
}

/** The header fields every type shares; a type's own fields are its HeaderFields. */
interface SharedValues {
  number: string;
  documentDate: Dayjs;
  dueDate: Dayjs | null;
  reference: string;
  externalNumber: string;
  externalDate: Dayjs | null;
  remarks: string;
  ouId: string | null;
  partnerId: string | null;
}
type HeaderValues = SharedValues & Record<string, unknown>;

const day = (v: string | null | undefined) => (v ? dayjs(v) : null);
const iso = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : null);

function EditorBody<D extends DocumentDetail, B>({ type, doc, onSaved, onClosed }: Omit<Props<D, B>, 'documentId'> & { doc?: D }) {
  const { t } = useTranslation();
  const f = useFormat();
  const lang = useLanguage();
  const tasks = useHeldTasks();
  const queryClient = useQueryClient();
  const api = type.api;
  const editable = hasAnyTask(tasks ?? [], type.editTasks) && (!doc || doc.actions.includes('edit'));
  const [form] = Form.useForm<HeaderValues>();
  const [lines, setLines] = useState<GridLine[]>(() => (doc ? type.gridOf(doc) : [emptyLine(), emptyLine()]));
  const problem = type.problem(lines);
  const currencyCode = doc?.currencyCode ?? 'IDR';

  const save = useMutation({
    /** `submit`: save and submit in one request (a new document of a type that offers it). */
    mutationFn: async (submit: boolean) => {
      const v = await form.validateFields();
      const header = {
        number: v.number?.trim() ?? '',
        documentDate: iso(v.documentDate)!,
        dueDate: iso(v.dueDate),
        reference: v.reference?.trim() || null,
        externalNumber: v.externalNumber?.trim() || null,
        externalDate: iso(v.externalDate),
        remarks: v.remarks?.trim() || null,
        ouId: v.ouId,
        partnerId: v.partnerId,
      };
      const body = type.body(header, v, lines);
      if (submit && api.saveAndSubmit) return api.saveAndSubmit(body);
      return api.save(doc?.documentId, body);
    },
    onSuccess: (saved, submit) => {
      toast.success(t(submit ? 'journals.savedSubmitted' : doc ? 'journals.saved' : 'journals.created', { number: saved.number }));
      // A submitted document may be released (reports) or waiting in an approver's inbox.
      void (submit ? invalidateArea(queryClient, ERP) : queryClient.invalidateQueries({ queryKey: [ERP, 'documents', type.code] }));
      onSaved(saved.documentId);
    },
    onError: (err) => {
      if (err && typeof err === 'object' && 'errorFields' in err) return;
      reportError(err);
    },
  });

  const initial: Partial<HeaderValues> = {
    ...(doc
      ? {
          number: doc.number,
          documentDate: dayjs(doc.documentDate),
          dueDate: day(doc.dueDate),
          reference: doc.reference ?? '',
          externalNumber: doc.externalNumber ?? '',
          externalDate: day(doc.externalDate),
          remarks: doc.remarks ?? '',
          ouId: doc.ouId,
          partnerId: doc.partnerId,
        }
      : { number: '', documentDate: dayjs(todayInJakarta()), ouId: null, partnerId: null }),
    ...type.headerValues(doc),
  };
  const problemText = problem ? t(`journals.problem.${problem}`) : undefined;

  return (
    <div className="journals-editor">
      {doc && (
        <div className="journals-editor__status">
          <Space wrap>
            <strong>{doc.number}</strong>
            <DocumentStatusTag label={doc.label} />
            <span className="muted-text">{f.money(doc.totalAmount, doc.currencyCode)}</span>
          </Space>
          <Space wrap>
            <Button icon={<FilePdfOutlined />} onClick={() => void openPdf(api, doc.documentId, lang).catch(reportError)}>
              {t('journals.print')}
            </Button>
            <DocumentActions document={doc} onDelete={() => api.remove(doc.documentId).then(onClosed)} onDone={(d) => onSaved(d.documentId)} />
          </Space>
        </div>
      )}
      <Form<HeaderValues> form={form} layout="vertical" initialValues={initial} disabled={!editable} className="journals-editor__header" requiredMark>
        <div className="journals-form-grid">
          <Form.Item
            name="number"
            label={t('journals.number')}
            extra={doc ? undefined : t('journals.numberHint')}
            rules={[{ pattern: /^\S*$/, message: t('journals.numberPattern') }]}
          >
            <Input maxLength={40} autoComplete="off" placeholder={t('journals.numberPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="documentDate"
            label={t('journals.date')}
            rules={[{ required: true, message: t('validation.required', { label: t('journals.date') }) }]}
          >
            <DatePicker format="DD/MM/YYYY" allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="dueDate" label={t('journals.dueDate')}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reference" label={t('journals.reference')}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item name="externalNumber" label={t('journals.externalNumber')}>
            <Input maxLength={60} autoComplete="off" />
          </Form.Item>
          <Form.Item name="externalDate" label={t('journals.externalDate')}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <type.HeaderFields doc={doc} />
          <Form.Item name="ouId" label={t('journals.ou')}>
            <OrgUnitPicker placeholder={t('journals.noOu')} />
          </Form.Item>
          <Form.Item name="partnerId" label={t('journals.partner')}>
            <PartnerPicker placeholder={t('journals.noPartner')} />
          </Form.Item>
        </div>
        <Form.Item name="remarks" label={t('journals.remarks')}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>

      <LineGrid columns={type.columns} lines={lines} setLines={setLines} editable={editable}>
        <type.Totals lines={lines} currencyCode={currencyCode} />
      </LineGrid>

      {editable && (
        <div className="journals-editor__footer">
          {problem && <Alert type={problem === 'unbalanced' ? 'error' : 'info'} showIcon title={problemText} className="journals-editor__problem" />}
          <Tooltip title={problemText}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!!problem || (save.isPending && save.variables)}
              loading={save.isPending && !save.variables}
              onClick={() => save.mutate(false)}
            >
              {t(doc ? 'journals.save' : 'journals.saveDraft')}
            </Button>
          </Tooltip>
          {!doc && api.saveAndSubmit && (
            <Tooltip title={problemText}>
              <Button
                icon={<SendOutlined />}
                disabled={!!problem || (save.isPending && !save.variables)}
                loading={save.isPending && save.variables}
                onClick={() => save.mutate(true)}
              >
                {t('journals.saveSubmit')}
              </Button>
            </Tooltip>
          )}
        </div>
      )}
      {doc && (
        <section className="journals-editor__history">
          <h3>{t('journals.history')}</h3>
          <DocumentHistory documentId={doc.documentId} />
        </section>
      )}
    </div>
  );
}
