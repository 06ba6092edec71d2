import { ConfirmDeleteButton } from '../../../app/components/ConfirmDeleteButton.tsx';
import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, hasAnyTask, type ServiceIntent } from '@nusa/contracts';
import { call, callFile, saveBlob } from '../../../api/call.ts';
import { reportError, toast } from '../../../app/feedback.tsx';
import { ListPage, ListTable, ListToolbar, useListState } from '../../../app/components/list/index.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { ChooseClient } from '../clients/ChooseClient.tsx';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { IntentTemplateButton, ServiceImportButton } from '../service-import.tsx';
import { useClientCode } from '../use-client-code.ts';
import { IntentForm, phraseLines, type IntentFormValues } from './IntentForm.tsx';
import { TrainingCard } from './TrainingCard.tsx';
import { TryASentence } from './TryASentence.tsx';
import '../service.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Service › Intent classification: a client's intents, training with its held-out scores, and a sentence to try. */
export default function IntentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const held = useHeldTasks();
  const canEdit = hasAnyTask(held, ['editIntentClassifier']);
  const [clientCode, setClientCode] = useClientCode();
  const list = useListState<ServiceIntent>();
  const [adding, setAdding] = useState(false);
  const intents = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceIntents, clientCode, list.query.page, list.query.limit, list.query.keyword),
    queryFn: ({ signal }) =>
      call(endpoints.listServiceIntents, {
        params: { clientCode: clientCode! },
        query: { page: list.query.page, limit: list.query.limit, keyword: list.query.keyword },
        signal,
      }),
    enabled: Boolean(clientCode),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listServiceIntents) });
  const create = useMutation({
    mutationFn: (v: IntentFormValues) =>
      call(endpoints.createServiceIntent, {
        params: { clientCode: clientCode! },
        body: { name: v.name, action: v.action, responseText: v.responseText, phrases: phraseLines(v.phrases) },
      }),
    onSuccess: (intent) => {
      toast.success(t('service.saved', { name: intent.name }));
      setAdding(false);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: ServiceIntent) => call(endpoints.deleteServiceIntent, { params: { intentId: row.intentId } }),
    onSuccess: (_d, row) => {
      toast.success(t('service.deleted', { name: row.name }));
      void refresh();
    },
  });
  const open = (row: ServiceIntent) => navigate(`/service/intent-classification/${encodeURIComponent(clientCode!)}/${row.intentId}`);
  const exportXlsx = () =>
    callFile(endpoints.exportServiceIntents, { params: { clientCode: clientCode! } })
      .then((b) => saveBlob(b, `intents-${clientCode}.xlsx`))
      .catch(reportError);
  return (
    <ListPage
      title={t('service.title.intentClassification')}
      subtitle={t('service.intent.description')}
      actions={
        <>
          <ClientPicker value={clientCode} onChange={setClientCode} />
          {clientCode && canEdit && <ServiceImportButton endpoint={endpoints.importServiceIntents} params={{ clientCode }} onImported={() => void refresh()} />}
          {canEdit && <IntentTemplateButton />}
          <Button icon={<DownloadOutlined />} disabled={!clientCode} onClick={() => void exportXlsx()}>
            {t('service.export')}
          </Button>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} disabled={!clientCode} onClick={() => setAdding(true)}>
              {t('service.intent.add')}
            </Button>
          )}
        </>
      }
    >
      {clientCode && (
        <div className="service-detail service-detail--top">
          <TrainingCard clientCode={clientCode} canTrain={canEdit} />
          <TryASentence clientCode={clientCode} />
        </div>
      )}
      {clientCode ? (
        <>
          <ListToolbar keyword={list.keyword} onKeyword={list.setKeyword} searchPlaceholder={t('service.intent.search')} />
          <ListTable
            state={list}
            rowKey={(i) => i.intentId}
            data={intents.data}
            loading={intents.isFetching}
            failed={intents.isError}
            onRetry={() => void intents.refetch()}
            emptyText={t('service.intent.empty')}
            onOpen={open}
            columns={[
              { title: t('service.intent.name'), dataIndex: 'name', render: (name: string, row) => <a onClick={() => open(row)}>{name}</a> },
              {
                title: t('service.intent.action'),
                dataIndex: 'action',
                width: 200,
                render: (a: ServiceIntent['action'], row) => (
                  <Space size={[0, 4]} wrap>
                    <Tag color={a === 'handover' ? 'orange' : 'blue'}>{t(`service.intent.actions.${a}`)}</Tag>
                    {a === 'answer' && !row.responseText.trim() && <Tag color="warning">{t('service.intent.noAnswer')}</Tag>}
                  </Space>
                ),
              },
              { title: t('service.intent.phraseCount'), dataIndex: 'phraseCount', width: 110 },
              ...(canEdit
                ? [
                    {
                      title: t('service.actions'),
                      key: 'actions',
                      width: 70,
                      render: (_: unknown, row: ServiceIntent) => (
                        <Space size={2}>
                          <ConfirmDeleteButton
                            title={t('service.deleteConfirm', { name: row.name })}
                            okText={t('service.delete')}
                            label={t('service.deleteOf', { name: row.name })}
                            onConfirm={() => remove.mutateAsync(row)}
                          />
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      ) : (
        <ChooseClient text={t('service.intent.chooseClient')} />
      )}
      <IntentForm open={adding} withPhrases saving={create.isPending} onSave={(v) => create.mutate(v)} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
