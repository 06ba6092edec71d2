import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Space } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type GoogleAccount } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { queryKeyOf } from '../../../api/query-keys.ts';

const ACCOUNT_KEY = queryKeyOf(endpoints.getGoogleAccount);

/**
 * App configuration › the Google service account the sales analysis reads Google Sheets with: its JSON key is pasted,
 * stored sealed and never shown again; only its e-mail (what sheets are shared with) is.
 */
export function GoogleAccountCard() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [key, setKey] = useState('');
  const [saved, setSaved] = useState<GoogleAccount | null>(null);
  // Read with the analysis's task; an admin without it still sets the key and sees the answer of the save.
  const account = useQuery({
    queryKey: ACCOUNT_KEY,
    queryFn: ({ signal }) => call(endpoints.getGoogleAccount, { signal }),
    meta: { silent: true },
    retry: false,
  });
  const save = useMutation({
    mutationFn: (value: string | null) => call(endpoints.saveGoogleAccount, { body: { key: value } }),
    meta: { silent: true },
    onSuccess: (view) => {
      setSaved(view);
      setKey('');
      toast.success(t('analysisSources.account.saved'));
      void queries.invalidateQueries({ queryKey: ACCOUNT_KEY });
    },
  });
  const view = saved ?? account.data;
  return (
    <Card
      className="section-card"
      title={t('analysisSources.account.title')}
      extra={<span className="section-card__hint">{t('analysisSources.account.hint')}</span>}
    >
      {view && (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'current',
              label: t('analysisSources.account.current'),
              children: view.clientEmail
                ? `${view.clientEmail}${view.source === 'deployment' ? ` (${t('analysisSources.account.fromDeployment')})` : ''}`
                : t('analysisSources.account.none'),
            },
          ]}
        />
      )}
      <Form layout="vertical">
        <Form.Item label={t('analysisSources.account.key')} extra={t('analysisSources.account.keyHelp')}>
          <Input.TextArea
            value={key}
            onChange={(e) => setKey(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder='{"type": "service_account", "client_email": "…", "private_key": "-----BEGIN PRIVATE KEY-----…"}'
            spellCheck={false}
            data-testid="google-account-key"
          />
        </Form.Item>
        <Space wrap>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!key.trim()}
            loading={save.isPending && save.variables !== null}
            onClick={() => save.mutate(key.trim())}
          >
            {t('analysisSources.account.save')}
          </Button>
          {view?.source === 'tenant' && (
            <Button icon={<DeleteOutlined />} loading={save.isPending && save.variables === null} onClick={() => save.mutate(null)}>
              {t('analysisSources.account.clear')}
            </Button>
          )}
        </Space>
      </Form>
      {save.isError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={describeError(save.error)} />}
    </Card>
  );
}
