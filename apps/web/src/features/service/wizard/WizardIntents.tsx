import { useState } from 'react';
import { Alert, Button, List, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { IntentForm, phraseLines, type IntentFormValues } from '../intents/IntentForm.tsx';
import { IntentTemplateButton, ServiceImportButton } from '../service-import.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

/**
 * The client's intents in the wizard's AI step: added with their phrases, or imported from xlsx (intent, example,
 * answer; the template shows how). An answering intent without an answer is marked: the bot can only look it up.
 */
export function WizardIntents({ clientCode }: { clientCode: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [adding, setAdding] = useState(false);
  const intents = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceIntents, clientCode, 'wizard'),
    queryFn: ({ signal }) => call(endpoints.listServiceIntents, { params: { clientCode }, query: { page: 1, limit: 100 }, signal }),
  });
  const unanswered = (intents.data?.items ?? []).filter((i) => i.action === 'answer' && !i.responseText.trim()).length;
  const refresh = () => void queries.invalidateQueries({ queryKey: queryKeyOf(endpoints.listServiceIntents) });
  const create = useMutation({
    mutationFn: (v: IntentFormValues) =>
      call(endpoints.createServiceIntent, {
        params: { clientCode },
        body: { name: v.name, action: v.action, responseText: v.responseText, phrases: phraseLines(v.phrases) },
      }),
    onSuccess: () => {
      setAdding(false);
      refresh();
    },
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('service.intent.add')}
        </Button>
        <ServiceImportButton endpoint={endpoints.importServiceIntents} params={{ clientCode }} onImported={refresh} />
        <IntentTemplateButton />
      </Space>
      {unanswered > 0 && <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('service.intent.missingAnswers', { n: unanswered })} />}
      <List
        size="small"
        dataSource={intents.data?.items ?? []}
        locale={{ emptyText: t('service.intent.empty') }}
        renderItem={(i) => (
          <List.Item>
            {i.name}{' '}
            <Tag>
              {t('service.intent.phraseCount')}: {i.phraseCount}
            </Tag>
            {i.action === 'answer' && !i.responseText.trim() && <Tag color="orange">{t('service.intent.noAnswer')}</Tag>}
          </List.Item>
        )}
      />
      <IntentForm open={adding} withPhrases saving={create.isPending} onSave={(v) => create.mutate(v)} onClose={() => setAdding(false)} />
    </>
  );
}
