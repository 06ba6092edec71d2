import { useState } from 'react';
import { Card, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type DocumentTemplate } from '@nusa/contracts';
import { call, callFile } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { useLanguage } from '../../../i18n/index.ts';
import { PagedList } from '../coa/PagedList.tsx';
import { RowActions } from '../coa/RowActions.tsx';
import { StatusTag } from '../coa/labels.tsx';
import { useErpLevel } from '../coa/erp-level.ts';
import { TemplateFormModal } from './TemplateFormModal.tsx';
import { TEMPLATES_KEY } from './templates-key.ts';
import './document-templates.css';

type Editing = { template?: DocumentTemplate } | undefined;

/** Accounting › Document template (spec 5): the numbering format of each document type. */
export default function DocumentTemplatesPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const level = useErpLevel('ErpMaster');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });

  const setActive = useMutation({
    mutationFn: (d: DocumentTemplate) => call(endpoints.setDocumentTemplateActive, { params: { templateId: d.templateId }, body: { active: d.active === 'Y' ? 'N' : 'Y' } }),
    onSuccess: async (saved) => {
      toast.success(t(saved.active === 'Y' ? 'ledger.activated' : 'ledger.deactivated', { code: saved.templateCode }));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (d: DocumentTemplate) => call(endpoints.deleteDocumentTemplate, { params: { templateId: d.templateId } }).then(() => d),
    onSuccess: async (d) => {
      toast.success(t('ledger.deleted', { code: d.templateCode }));
      await refresh();
    },
  });

  const columns: TableColumnsType<DocumentTemplate> = [
    { key: 'code', title: t('ledger.code'), dataIndex: 'templateCode', width: 140, render: (code: string) => <span className="code-text">{code}</span> },
    { key: 'name', title: t('ledger.name'), dataIndex: 'templateName' },
    { key: 'type', title: t('docTemplates.documentType'), dataIndex: 'documentType', width: 140, render: (v: string) => <Tag>{v}</Tag> },
    { key: 'example', title: t('docTemplates.example'), dataIndex: 'example', width: 190, render: (v: string) => <span className="code-text">{v}</span> },
    { key: 'reset', title: t('docTemplates.reset'), dataIndex: 'reset', width: 160, render: (v: string) => t(`docTemplates.resets.${v}`) },
    { key: 'status', title: t('crud.status'), dataIndex: 'active', width: 110, render: (active: 'Y' | 'N') => <StatusTag active={active} /> },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 150,
      align: 'right',
      render: (_: unknown, d) => (
        <RowActions
          code={d.templateCode}
          name={d.templateName}
          active={d.active}
          level={level}
          onEdit={() => setEditing({ template: d })}
          onToggle={() => setActive.mutateAsync(d)}
          onDelete={() => remove.mutateAsync(d)}
        />
      ),
    },
  ];

  return (
    <div>
      <PageHeading title={t('page.documentTemplate')} subtitle={t('docTemplates.description')} />
      <Card className="section-card">
        <PagedList<DocumentTemplate>
          cacheKey={[...TEMPLATES_KEY, 'list']}
          fetchPage={(query, signal) => call(endpoints.listDocumentTemplates, { query, signal })}
          rowKey="templateId"
          columns={columns}
          searchPlaceholder={t('docTemplates.search')}
          exportFile={(keyword) => callFile(endpoints.exportDocumentTemplates, { query: { keyword, lang } })}
          fileStem="document-templates"
          addLabel={t('docTemplates.add')}
          onAdd={level === 'view' ? undefined : () => setEditing({})}
          emptyText={t('docTemplates.empty')}
        />
      </Card>
      <TemplateFormModal open={editing !== undefined} template={editing?.template} onClose={() => setEditing(undefined)} />
    </div>
  );
}
