import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpoints, type DocumentTemplate, type NumberReset } from '@nusa/contracts';
import { MasterListPage, masterApi } from '../master/MasterListPage.tsx';
import { TemplateFields } from './TemplateFields.tsx';
import { templateFormValues, templatePayload, type TemplateFormValues } from './template-form.ts';
import './document-templates.css';

const api = masterApi({
  list: endpoints.listDocumentTemplates,
  create: endpoints.createDocumentTemplate,
  update: endpoints.updateDocumentTemplate,
  setActive: endpoints.setDocumentTemplateActive,
  remove: endpoints.deleteDocumentTemplate,
  export: endpoints.exportDocumentTemplates,
  import: endpoints.importDocumentTemplates,
  idName: 'templateId',
});

/** Accounting › Document template (spec 5): the numbering format of each document type, with a live preview. */
export default function DocumentTemplatesPage() {
  const { t } = useTranslation();
  return (
    <MasterListPage<DocumentTemplate, ReturnType<typeof templatePayload>, Record<string, never>, TemplateFormValues>
      api={api}
      cacheKey="document-templates"
      title={t('page.documentTemplate')}
      subtitle={t('docTemplates.description')}
      describe={(d) => `${d.templateCode} - ${d.templateName}`}
      exportName="document-templates"
      searchPlaceholder={t('docTemplates.search')}
      emptyText={t('docTemplates.empty')}
      addLabel={t('docTemplates.add')}
      editTitle={(d) => t('docTemplates.editTitle', { code: d.templateCode })}
      activeFilter={false}
      scrollX={1000}
      columns={[
        {
          title: t('ledger.code'),
          sortKey: 'code',
          dataIndex: 'templateCode',
          width: 130,
          render: (code: string) => <span className="code-text">{code}</span>,
        },
        { title: t('ledger.name'), sortKey: 'name', dataIndex: 'templateName' },
        { title: t('docTemplates.documentType'), sortKey: 'documentType', dataIndex: 'documentType', width: 130, render: (v: string) => <Tag>{v}</Tag> },
        { title: t('docTemplates.example'), dataIndex: 'example', width: 180, render: (v: string) => <span className="code-text">{v}</span> },
        { title: t('docTemplates.reset'), dataIndex: 'reset', width: 160, render: (v: NumberReset) => t(`docTemplates.resets.${v}`) },
      ]}
      form={{
        codeField: 'templateCode',
        width: 720,
        errorFields: {
          document_type_code_already_exists: 'documentType',
          autonumber_code_already_exists: 'templateCode',
          autonumber_reset_needs_year: 'reset',
          autonumber_reset_needs_year_month: 'reset',
          autonumber_day_needs_month: 'day',
        },
        initialValues: templateFormValues,
        toBody: templatePayload,
        fields: ({ row, form }) => <TemplateFields row={row} form={form} />,
      }}
    />
  );
}
