import { ConfirmDeleteButton } from '../../../app/components/ConfirmDeleteButton.tsx';
import { useState } from 'react';
import { Button, Card, Descriptions, Input, List, Space, Tag } from 'antd';
import { ArrowLeftOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { endpoints, hasAnyTask, type ServiceIntentDetail } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { toast } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { useRouteParams } from '../../../app/route-params.ts';
import { useHeldTasks } from '../../../app/session.ts';
import { IntentForm, type IntentFormValues } from './IntentForm.tsx';
import { TryASentence } from './TryASentence.tsx';
import '../service.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

/** Service › Intent classification › one intent: its response or action and its training phrases. */
export default function IntentDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  // Spec 2 names the segment ouCode; an intent belongs to a customer-service client, so it holds the client's code.
  const { ouCode: clientCode = '', intentId = '' } = useRouteParams();
  const canEdit = hasAnyTask(useHeldTasks(), ['editIntentClassifier']);
  const [editing, setEditing] = useState(false);
  const [phrase, setPhrase] = useState('');
  const key = queryKeyOf(endpoints.getServiceIntent, intentId);
  const intent = useQuery({ queryKey: key, queryFn: ({ signal }) => call(endpoints.getServiceIntent, { params: { intentId }, signal }) });
  const changed = (next: ServiceIntentDetail) => {
    queries.setQueryData(key, next);
    void queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listServiceIntents) });
  };
  const update = useMutation({
    mutationFn: (v: IntentFormValues) =>
      call(endpoints.updateServiceIntent, {
        params: { intentId },
        body: { name: v.name, action: v.action, responseText: v.responseText, attributes: intent.data?.attributes ?? [] },
      }),
    onSuccess: (next) => {
      changed(next);
      setEditing(false);
      toast.success(t('service.saved', { name: next.name }));
    },
  });
  const addPhrase = useMutation({
    mutationFn: (text: string) => call(endpoints.addIntentPhrase, { params: { intentId }, body: { text } }),
    onSuccess: (next) => {
      changed(next);
      setPhrase('');
    },
  });
  const deletePhrase = useMutation({
    mutationFn: (phraseId: string) => call(endpoints.deleteIntentPhrase, { params: { intentId, phraseId } }),
    onSuccess: changed,
  });
  const d = intent.data;
  return (
    <div>
      <PageHeading
        title={d ? `${t('service.title.intentDetail')}: ${d.name}` : t('service.title.intentDetail')}
        subtitle={`${t('service.client')}: ${clientCode}`}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/service/intent-classification?client=${encodeURIComponent(clientCode)}`)}>
          {t('service.back')}
        </Button>
        {canEdit && (
          <Button icon={<EditOutlined />} disabled={!d} onClick={() => setEditing(true)}>
            {t('service.intent.edit')}
          </Button>
        )}
      </PageHeading>
      <div className="service-detail">
        {d && (
          <Card size="small">
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'action',
                  label: t('service.intent.action'),
                  children: <Tag color={d.action === 'handover' ? 'orange' : 'blue'}>{t(`service.intent.actions.${d.action}`)}</Tag>,
                },
                { key: 'response', label: t('service.intent.response'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{d.responseText || '—'}</span> },
              ]}
            />
          </Card>
        )}
        <Card size="small" title={`${t('service.intent.phrases')} (${d?.phrases.length ?? 0})`}>
          {canEdit && (
            <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
              <Input
                aria-label={t('service.intent.newPhrase')}
                placeholder={t('service.intent.newPhrase')}
                value={phrase}
                maxLength={500}
                onChange={(e) => setPhrase(e.target.value)}
                onPressEnter={() => phrase.trim() && addPhrase.mutate(phrase.trim())}
              />
              <Button icon={<PlusOutlined />} loading={addPhrase.isPending} disabled={!phrase.trim()} onClick={() => addPhrase.mutate(phrase.trim())}>
                {t('service.intent.addPhrase')}
              </Button>
            </Space.Compact>
          )}
          <List
            size="small"
            loading={intent.isLoading}
            dataSource={d?.phrases ?? []}
            pagination={{ pageSize: 25, hideOnSinglePage: true }}
            renderItem={(p) => (
              <List.Item
                actions={
                  canEdit
                    ? [
                        <ConfirmDeleteButton
                          key="del"
                          title={t('service.intent.deletePhrase')}
                          okText={t('service.delete')}
                          label={t('service.delete')}
                          size="small"
                          onConfirm={() => deletePhrase.mutateAsync(p.phraseId)}
                        />,
                      ]
                    : []
                }
              >
                {p.text} {p.source !== 'manual' && <Tag>{t(`service.intent.sources.${p.source}`)}</Tag>}
              </List.Item>
            )}
          />
        </Card>
        {clientCode && <TryASentence clientCode={clientCode} />}
      </div>
      <IntentForm
        open={editing}
        withPhrases={false}
        initial={d ? { name: d.name, action: d.action, responseText: d.responseText } : undefined}
        saving={update.isPending}
        onSave={(v) => update.mutate(v)}
        onClose={() => setEditing(false)}
      />
    </div>
  );
}
