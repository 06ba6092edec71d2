import { useEffect } from 'react';
import { Alert, Button, Card, Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Select, Skeleton, Space } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  APP_ROUTES,
  LANGUAGES,
  PASSWORD_ABSOLUTE_MIN,
  PASSWORD_CLASSES,
  endpoints,
  hasAnyTask,
  type AppConfiguration,
  type PasswordClass,
  type PasswordPolicy,
} from '@nusa/contracts';
import { call } from '../../api/call.ts';
import { toast } from '../../app/feedback.tsx';
import { useSession } from '../../app/session.ts';
import { PageHeading } from '../../app/components/PageHeading.tsx';
import { textOfKey, type TextKey } from '../../i18n/keys.ts';
import { AiSettingsCard } from './ai/AiSettingsCard.tsx';
import { GoogleAccountCard } from './google/GoogleAccountCard.tsx';
import { queryKeyOf, resourceKeyOf } from '../../api/query-keys.ts';

const CLASS_KEYS: Record<PasswordClass, TextKey> = {
  lower: 'appConfig.classLower',
  upper: 'appConfig.classUpper',
  digit: 'appConfig.classDigit',
  symbol: 'appConfig.classSymbol',
};

const CONFIG_KEY = queryKeyOf(endpoints.getAppConfiguration);

type GeneralValues = Omit<AppConfiguration, 'releaseDate'> & { releaseDate: Dayjs };

/** Pages a role or the tenant may open first: menu pages without parameters. */
const DEFAULT_PAGE_ROUTES = APP_ROUTES.filter((r) => !r.path.includes('{') && (r.inMenu || r.path === '/dashboard'));

function GeneralCard({ settings, canEdit }: { settings: AppConfiguration; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GeneralValues>();
  useEffect(() => {
    form.setFieldsValue({ ...settings, releaseDate: dayjs(settings.releaseDate) });
  }, [settings, form]);
  const save = useMutation({
    mutationFn: (v: GeneralValues) =>
      call(endpoints.saveAppConfiguration, {
        body: {
          productName: v.productName.trim(),
          defaultLanguage: v.defaultLanguage,
          defaultPage: v.defaultPage,
          releaseVersion: v.releaseVersion.trim(),
          releaseDate: v.releaseDate.format('YYYY-MM-DD'),
          releaseNotes: v.releaseNotes ?? '',
        },
      }),
    onSuccess: async () => {
      toast.success(t('appConfig.saved'));
      // Title, header and release notes read the public configuration.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONFIG_KEY }),
        queryClient.invalidateQueries({ queryKey: resourceKeyOf(endpoints.appConfig) }),
      ]);
    },
  });
  const required = (key: TextKey) => ({ required: true, whitespace: true, message: t('validation.required', { label: t(key) }) });

  return (
    <Card className="section-card" title={t('appConfig.general')}>
      {!canEdit && <Alert type="info" showIcon className="form-alert" title={t('appConfig.readOnly')} />}
      <Form<GeneralValues> form={form} layout="vertical" disabled={!canEdit} onFinish={(v) => save.mutate(v)}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="productName" label={t('appConfig.productName')} rules={[required('appConfig.productName')]}>
              <Input maxLength={60} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="defaultLanguage"
              label={t('appConfig.defaultLanguage')}
              rules={[{ required: true, message: t('validation.required', { label: t('appConfig.defaultLanguage') }) }]}
            >
              <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="defaultPage"
              label={t('appConfig.defaultPage')}
              rules={[{ required: true, message: t('validation.required', { label: t('appConfig.defaultPage') }) }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={DEFAULT_PAGE_ROUTES.map((r) => ({ value: r.path, label: `${textOfKey(t, r.titleKey)} (${r.path})` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="releaseVersion" label={t('releaseNotes.version')} rules={[required('releaseNotes.version')]}>
              <Input maxLength={30} showCount />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="releaseDate"
              label={t('releaseNotes.releaseDate')}
              rules={[{ required: true, message: t('validation.required', { label: t('releaseNotes.releaseDate') }) }]}
            >
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="releaseNotes" label={t('releaseNotes.notes')}>
          <Input.TextArea maxLength={5000} showCount autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
        {canEdit && (
          <Space className="form-actions">
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
              {t('crud.save')}
            </Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}

function PasswordPolicyCard({ policy }: { policy: PasswordPolicy }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordPolicy>();
  useEffect(() => {
    form.setFieldsValue(policy);
  }, [policy, form]);
  const save = useMutation({
    mutationFn: (v: PasswordPolicy) => call(endpoints.savePasswordPolicy, { body: v }),
    onSuccess: async () => {
      toast.success(t('appConfig.policySaved'));
      await queryClient.invalidateQueries({ queryKey: CONFIG_KEY });
    },
  });
  const number = (key: TextKey, min: number, max: number) => [
    { required: true, message: t('validation.required', { label: t(key) }) },
    { type: 'number' as const, min, max, message: t('appConfig.between', { min, max }) },
  ];

  return (
    <Card className="section-card" title={t('appConfig.passwordPolicy')} extra={<span className="section-card__hint">{t('appConfig.policyHint')}</span>}>
      <Form<PasswordPolicy> form={form} layout="vertical" onFinish={(v) => save.mutate({ ...v, requiredClasses: v.requiredClasses ?? [] })}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="minLength"
              label={t('appConfig.minLength')}
              rules={number('appConfig.minLength', PASSWORD_ABSOLUTE_MIN, 128)}
              extra={t('appConfig.minLengthHint', { min: PASSWORD_ABSOLUTE_MIN })}
            >
              <InputNumber precision={0} style={{ width: '100%' }} suffix={t('appConfig.charactersUnit')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="expiryDays" label={t('appConfig.expiry')} rules={number('appConfig.expiry', 0, 3650)} extra={t('appConfig.expiryHint')}>
              <InputNumber precision={0} style={{ width: '100%' }} suffix={t('appConfig.daysUnit')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="failedAttemptsBeforeLockout"
              label={t('appConfig.lockout')}
              rules={number('appConfig.lockout', 1, 100)}
              extra={t('appConfig.lockoutHint')}
            >
              <InputNumber precision={0} style={{ width: '100%' }} suffix={t('appConfig.attemptsUnit')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="requiredClasses" label={t('appConfig.requiredClasses')}>
          <Checkbox.Group options={PASSWORD_CLASSES.map((c) => ({ value: c, label: t(CLASS_KEYS[c]) }))} />
        </Form.Item>
        <Form.Item name="rejectCommon" valuePropName="checked" extra={t('appConfig.rejectCommonHint')}>
          <Checkbox>{t('appConfig.rejectCommon')}</Checkbox>
        </Form.Item>
        <Space className="form-actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            {t('appConfig.savePolicy')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

/** Configuration › App configuration (spec 2; tasks viewConfig / managePasswordPolicy): the tenant's settings. */
export default function AppConfigurationPage() {
  const { t } = useTranslation();
  const session = useSession();
  const tasks = session?.tasks ?? [];
  const { data } = useQuery({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => call(endpoints.getAppConfiguration, { signal }),
  });

  return (
    <div>
      <PageHeading title={t('page.appConfiguration')} subtitle={t('appConfig.description')} />
      <div className="section-stack">
        {data ? <GeneralCard settings={data.settings} canEdit={hasAnyTask(tasks, ['viewConfig'])} /> : <Skeleton active paragraph={{ rows: 6 }} />}
        <AiSettingsCard canEdit={hasAnyTask(tasks, ['viewConfig'])} />
        {hasAnyTask(tasks, ['viewConfig']) && <GoogleAccountCard />}
        {hasAnyTask(tasks, ['managePasswordPolicy']) &&
          (data ? <PasswordPolicyCard policy={data.passwordPolicy} /> : <Skeleton active paragraph={{ rows: 3 }} />)}
      </div>
    </div>
  );
}
