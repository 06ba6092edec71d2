import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Space, Tag, Typography } from 'antd';
import { ApiOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AI_TIMEOUT_SECONDS, endpoints, isErrorCode, sameServiceAddress, type AiConnectionResult, type AiSettings } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { ApiError } from '../../../api/api-error.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { MoneyInput } from '../../../app/components/MoneyInput.tsx';
import { fitsDecimal } from '../../../app/decimal.ts';
import { inputOf, PRICE, type KeyChange, type Values } from './ai-settings-form.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

const AI_KEY = queryKeyOf(endpoints.getAiSettings);

function ConnectionResult({ result }: { result: AiConnectionResult }) {
  const { t } = useTranslation();
  if (result.ok) {
    const provider = result.provider === 'local' ? t('aiSettings.providerLocal') : t('aiSettings.providerRemote');
    return (
      <Alert
        type="success"
        showIcon
        role="status"
        title={t('aiSettings.testOk', { provider })}
        description={t('aiSettings.testModels', { models: result.models.join(', ') })}
      />
    );
  }
  const code = result.errorCode && isErrorCode(result.errorCode) ? result.errorCode : 'unexpected_error';
  return (
    <Alert type="error" showIcon role="alert" title={t('aiSettings.testFailed')} description={describeError(new ApiError(502, code, result.errorArgs ?? []))} />
  );
}

function AiSettingsForm({ settings, canEdit }: { settings: AiSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [key, setKey] = useState<KeyChange>('keep');
  const [tested, setTested] = useState<AiConnectionResult>();
  const provider = Form.useWatch('provider', form) ?? settings.provider;
  const baseUrl = Form.useWatch('baseUrl', form) ?? settings.baseUrl;
  // The server sends the saved key only to the address it was saved for (ai_settings_key_for_new_address).
  const keyNeededAgain = settings.apiKeySet && key === 'keep' && !sameServiceAddress(baseUrl, settings.baseUrl);

  useEffect(() => {
    form.setFieldsValue({ ...settings, newKey: '' });
  }, [settings, form]);

  const save = useMutation({
    mutationFn: (v: Values) => call(endpoints.saveAiSettings, { body: inputOf(v, key) }),
    onSuccess: async (saved) => {
      toast.success(t('aiSettings.saved'));
      setKey('keep');
      queryClient.setQueryData(AI_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: AI_KEY });
    },
  });
  const test = useMutation({
    mutationFn: (v: Values) => call(endpoints.testAiConnection, { body: inputOf(v, key) }),
    onMutate: () => setTested(undefined),
    onSuccess: setTested,
  });

  const remote = provider === 'openai-compatible';
  const required = (label: string) => ({ required: remote, whitespace: true, message: t('validation.required', { label }) });
  const priceRule = {
    validator: (_: unknown, value: string | null | undefined) =>
      value && PRICE.test(value) && fitsDecimal(value) ? Promise.resolve() : Promise.reject(new Error(t('aiSettings.priceInvalid'))),
  };
  const keyState =
    key === 'clear' ? (
      <Tag color="warning">{t('aiSettings.keyWillClear')}</Tag>
    ) : settings.apiKeySet ? (
      <Tag color="success">{t('aiSettings.keySet')}</Tag>
    ) : (
      <Tag>{t('aiSettings.keyNotSet')}</Tag>
    );

  return (
    <Form<Values> form={form} layout="vertical" disabled={!canEdit} onFinish={(v) => save.mutate(v)} initialValues={{ ...settings, newKey: '' }}>
      <Form.Item name="provider" label={t('aiSettings.provider')}>
        <Radio.Group
          options={[
            { value: 'local', label: t('aiSettings.providerLocal') },
            { value: 'openai-compatible', label: t('aiSettings.providerRemote') },
          ]}
        />
      </Form.Item>
      {!remote && <Alert type="info" showIcon className="form-alert" title={t('aiSettings.localNote')} />}
      <div hidden={!remote}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="baseUrl"
              label={t('aiSettings.baseUrl')}
              extra={t('aiSettings.baseUrlHint')}
              rules={[required(t('aiSettings.baseUrl')), { type: 'url', message: t('aiSettings.baseUrlHint') }]}
            >
              <Input maxLength={500} placeholder="https://api.openai.com/v1" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={
                <Space>
                  {t('aiSettings.apiKey')}
                  {keyState}
                </Space>
              }
              extra={keyNeededAgain ? <Typography.Text type="warning">{t('aiSettings.keyForNewAddress')}</Typography.Text> : t('aiSettings.keyHint')}
            >
              {key === 'replace' ? (
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item
                    name="newKey"
                    noStyle
                    rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('aiSettings.newKey') }) }]}
                  >
                    <Input.Password autoComplete="off" maxLength={500} placeholder={t('aiSettings.newKey')} aria-label={t('aiSettings.newKey')} />
                  </Form.Item>
                  <Button
                    onClick={() => {
                      setKey('keep');
                      form.setFieldValue('newKey', '');
                    }}
                  >
                    {t('aiSettings.undo')}
                  </Button>
                </Space.Compact>
              ) : (
                <Space wrap>
                  <Button onClick={() => setKey('replace')}>{t('aiSettings.replaceKey')}</Button>
                  {settings.apiKeySet && key !== 'clear' && (
                    <Button danger onClick={() => setKey('clear')}>
                      {t('aiSettings.clearKey')}
                    </Button>
                  )}
                  {key === 'clear' && <Button onClick={() => setKey('keep')}>{t('aiSettings.undo')}</Button>}
                </Space>
              )}
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('aiSettings.models')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name={['models', 'chat']} label={t('aiSettings.modelChat')} rules={[required(t('aiSettings.modelChat'))]}>
              <Input maxLength={100} placeholder="gpt-4o-mini" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name={['models', 'embedding']} label={t('aiSettings.modelEmbedding')} rules={[required(t('aiSettings.modelEmbedding'))]}>
              <Input maxLength={100} placeholder="text-embedding-3-small" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name={['models', 'structured']} label={t('aiSettings.modelStructured')} extra={t('aiSettings.modelStructuredHint')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name={['models', 'image']} label={t('aiSettings.modelImage')}>
              <Input maxLength={100} placeholder="gpt-image-1" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="timeoutSeconds"
              label={t('aiSettings.timeout')}
              rules={[
                {
                  required: true,
                  type: 'number',
                  min: AI_TIMEOUT_SECONDS.min,
                  max: AI_TIMEOUT_SECONDS.max,
                  message: t('appConfig.between', { min: AI_TIMEOUT_SECONDS.min, max: AI_TIMEOUT_SECONDS.max }),
                },
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} suffix={t('aiSettings.secondsUnit')} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('aiSettings.prices')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('aiSettings.pricesHint')}</Typography.Paragraph>
        <Form.List name="prices">
          {(fields, { add, remove }) => (
            <div style={{ marginBottom: 16 }}>
              {fields.length === 0 && <Typography.Paragraph type="secondary">{t('aiSettings.noPrices')}</Typography.Paragraph>}
              {fields.map((field) => {
                const model = (form.getFieldValue(['prices', field.name, 'model']) as string | undefined) ?? '';
                return (
                  <Row gutter={12} key={field.key} align="bottom">
                    <Col xs={24} md={6}>
                      <Form.Item
                        name={[field.name, 'model']}
                        label={t('aiSettings.priceModel')}
                        rules={[{ required: true, whitespace: true, message: t('validation.required', { label: t('aiSettings.priceModel') }) }]}
                      >
                        <Input maxLength={100} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[field.name, 'inputPerMillion']} label={t('aiSettings.priceInput')} rules={[priceRule]}>
                        <MoneyInput prefix="Rp" aria-label={t('aiSettings.priceInput')} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[field.name, 'outputPerMillion']} label={t('aiSettings.priceOutput')} rules={[priceRule]}>
                        <MoneyInput prefix="Rp" aria-label={t('aiSettings.priceOutput')} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[field.name, 'perImage']} label={t('aiSettings.priceImage')} rules={[priceRule]}>
                        <MoneyInput prefix="Rp" aria-label={t('aiSettings.priceImage')} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item>
                        <Button danger icon={<DeleteOutlined />} aria-label={t('aiSettings.removePrice', { model })} onClick={() => remove(field.name)} />
                      </Form.Item>
                    </Col>
                  </Row>
                );
              })}
              {canEdit && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ model: '', inputPerMillion: '0', outputPerMillion: '0', perImage: '0' })}>
                  {t('aiSettings.addPrice')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
      </div>
      {tested && (
        <div style={{ marginBottom: 16 }}>
          <ConnectionResult result={tested} />
        </div>
      )}
      {canEdit && (
        <Space className="form-actions" wrap>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            {t('crud.save')}
          </Button>
          <Button
            icon={<ApiOutlined />}
            loading={test.isPending}
            onClick={() =>
              void form.validateFields().then(
                (v) => test.mutate(v),
                () => undefined,
              )
            }
          >
            {t('aiSettings.testConnection')}
          </Button>
        </Space>
      )}
    </Form>
  );
}

/** App configuration › AI: the tenant's engine, provider address and key, models, prices and the connection test. */
export function AiSettingsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: AI_KEY, queryFn: ({ signal }) => call(endpoints.getAiSettings, { signal }) });
  return (
    <Card className="section-card" title={t('aiSettings.title')} extra={<span className="section-card__hint">{t('aiSettings.hint')}</span>}>
      {data ? <AiSettingsForm settings={data} canEdit={canEdit} /> : null}
    </Card>
  );
}
