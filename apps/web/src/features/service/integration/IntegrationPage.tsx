import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHANNEL_ATTRIBUTES, endpoints, hasAnyTask, type ChannelKindName, type ServiceChannel } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { useHeldTasks } from '../../../app/session.ts';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { useClientCode } from '../use-client-code.ts';
import '../service.css';
import './integration.css';
import { queryKeyOf } from '../../../api/query-keys.ts';

type AttributeName = (typeof CHANNEL_ATTRIBUTES)[ChannelKindName]['plain'][number] | (typeof CHANNEL_ATTRIBUTES)[ChannelKindName]['secret'][number];

/** Service › Integration: a client's channels (web widget, WhatsApp, Telegram), their settings, activation and the widget's tag. */
export default function IntegrationPage() {
  const { t } = useTranslation();
  const [clientCode, setClientCode] = useClientCode();
  const canEdit = hasAnyTask(useHeldTasks(), ['editIntegrate']);
  const channels = useQuery({
    queryKey: queryKeyOf(endpoints.listServiceChannels, clientCode),
    enabled: Boolean(clientCode),
    queryFn: ({ signal }) => call(endpoints.listServiceChannels, { params: { clientCode: clientCode! }, signal }),
  });
  return (
    <div>
      <PageHeading title={t('serviceChannels.title')} subtitle={t('serviceChannels.description')}>
        <ClientPicker value={clientCode} onChange={setClientCode} />
      </PageHeading>
      {!clientCode && (
        <div className="page-card">
          <Empty description={t('service.pickClient')} />
        </div>
      )}
      {clientCode && !canEdit && <Alert className="integration__note" type="info" showIcon title={t('serviceChannels.readOnly')} />}
      {clientCode && channels.error && <Alert type="error" showIcon title={describeError(channels.error)} />}
      {clientCode && channels.data && (
        <div className="integration">
          {channels.data.items.map((c) => (
            <ChannelCard key={`${clientCode}-${c.kind}`} clientCode={clientCode} channel={c} canEdit={canEdit} />
          ))}
        </div>
      )}
    </div>
  );
}

function ChannelCard({ clientCode, channel, canEdit }: { clientCode: string; channel: ServiceChannel; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const [error, setError] = useState<string>();
  const spec = CHANNEL_ATTRIBUTES[channel.kind];
  const refresh = (saved: ServiceChannel) => {
    queryClient.setQueryData(
      queryKeyOf(endpoints.listServiceChannels, clientCode),
      (old: { items: ServiceChannel[] } | undefined) => old && { items: old.items.map((c) => (c.kind === saved.kind ? saved : c)) },
    );
  };
  // A refusal is shown on the card it concerns, not as a toast as well.
  const save = useMutation({
    meta: { silent: true },
    mutationFn: (values: Record<string, string | undefined>) => {
      const attributes = Object.fromEntries(spec.plain.map((name) => [name, values[name] ?? '']));
      const secrets = Object.fromEntries(spec.secret.map((name) => [name, values[name] ?? '']).filter(([, v]) => v));
      return call(endpoints.saveServiceChannel, { params: { clientCode, kind: channel.kind }, body: { attributes, secrets } });
    },
    onSuccess: (saved) => {
      setError(undefined);
      refresh(saved);
      form.resetFields(spec.secret as unknown as string[]);
      toast.success(t('serviceChannels.saved'));
    },
    onError: (err) => setError(describeError(err)),
  });
  const activate = useMutation({
    meta: { silent: true },
    mutationFn: (active: boolean) => call(endpoints.setServiceChannelActive, { params: { clientCode, kind: channel.kind }, body: { active } }),
    onSuccess: (saved) => {
      setError(undefined);
      refresh(saved);
      toast.success(t(saved.active ? 'serviceChannels.activated' : 'serviceChannels.deactivated'));
    },
    onError: (err) => setError(describeError(err)),
  });
  const label = (name: string) => t(`serviceChannels.attribute.${name as AttributeName}`);
  return (
    <Card
      className="integration__card"
      data-testid={`channel-${channel.kind}`}
      title={
        <Space wrap>
          {t(`serviceChannels.kind.${channel.kind}`)}
          <Tag color={channel.active ? 'green' : 'default'}>{t(channel.active ? 'serviceChannels.active' : 'serviceChannels.inactive')}</Tag>
        </Space>
      }
      extra={
        canEdit && (
          <Button type={channel.active ? 'default' : 'primary'} loading={activate.isPending} onClick={() => activate.mutate(!channel.active)}>
            {t(channel.active ? 'serviceChannels.deactivate' : 'serviceChannels.activate')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t(`serviceChannels.hint.${channel.kind}`)}</Typography.Paragraph>
      {error && <Alert className="integration__note" type="error" showIcon title={error} role="alert" />}
      {channel.missing.length > 0 && (
        <Typography.Paragraph type="warning">{t('serviceChannels.missing', { names: channel.missing.map(label).join(', ') })}</Typography.Paragraph>
      )}
      {channel.kind !== 'web' && channel.webhookUrl && (
        <div className="integration__field">
          <Typography.Text type="secondary">{t('serviceChannels.webhookUrl')}</Typography.Text>
          <Typography.Text code copyable className="integration__code">
            {channel.webhookUrl}
          </Typography.Text>
        </div>
      )}
      {(spec.plain.length > 0 || spec.secret.length > 0) && (
        <Form form={form} layout="vertical" disabled={!canEdit} initialValues={channel.attributes} onFinish={(values) => save.mutate(values)}>
          {spec.plain.map((name) => (
            <Form.Item key={name} name={name} label={label(name)}>
              <Input maxLength={2000} />
            </Form.Item>
          ))}
          {spec.secret.map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={
                <Space>
                  {label(name)}
                  <Tag color={channel.secrets[name] ? 'blue' : 'default'}>
                    {t(channel.secrets[name] ? 'serviceChannels.secretSet' : 'serviceChannels.secretNotSet')}
                  </Tag>
                </Space>
              }
            >
              <Input.Password
                autoComplete="new-password"
                placeholder={t(channel.secrets[name] ? 'serviceChannels.replaceSecret' : 'serviceChannels.newSecret')}
                maxLength={2000}
              />
            </Form.Item>
          ))}
          {canEdit && (
            <Button htmlType="submit" loading={save.isPending}>
              {t('serviceChannels.save')}
            </Button>
          )}
        </Form>
      )}
      {channel.kind === 'web' && channel.webhookUrl && <WidgetTag url={channel.webhookUrl} active={channel.active} />}
    </Card>
  );
}

/** The widget's tag for the client's site and, once active, the widget itself on a blank page. */
function WidgetTag({ url, active }: { url: string; active: boolean }) {
  const { t, i18n } = useTranslation();
  const tag = `<script src="${url}" async></script>`;
  // The preview loads the script from this Nusa (the configured public address may be another host in development).
  const here = `${window.location.origin}${new URL(url).pathname}`;
  return (
    <div className="integration__widget">
      <div className="integration__field">
        <Typography.Text type="secondary">{t('serviceChannels.scriptTag')}</Typography.Text>
        <Typography.Text code copyable={{ text: tag }} className="integration__code" data-testid="widget-tag">
          {tag}
        </Typography.Text>
      </div>
      <Typography.Text type="secondary">{t('serviceChannels.preview')}</Typography.Text>
      {active ? (
        <iframe
          className="integration__preview"
          title={t('serviceChannels.preview')}
          srcDoc={`<!doctype html><html lang="${i18n.language}"><body style="margin:0;background:#f5f6f8"><script src="${here}" async></script></body></html>`}
        />
      ) : (
        <div className="integration__preview integration__preview--off">
          <Typography.Text type="secondary">{t('serviceChannels.previewInactive')}</Typography.Text>
        </div>
      )}
    </div>
  );
}
