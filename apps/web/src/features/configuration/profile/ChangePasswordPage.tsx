import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_ABSOLUTE_MIN, PASSWORD_REFUSALS, endpoints, hasAnyTask, passwordProblems, type PasswordClass, type PasswordPolicy } from '@nusa/contracts';
import { ApiError, call } from '../../../api/call.ts';
import { describeError, reportError, toast } from '../../../app/feedback.tsx';
import { useSession } from '../../../app/session.ts';
import { PageHeading } from '../../../app/components/PageHeading.tsx';
import { passwordLengthRule } from '../../../app/password-length.ts';
import { errorKey, type TextKey } from '../../../i18n/keys.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const CLASS_KEYS: Record<PasswordClass, TextKey> = {
  lower: 'appConfig.classLower',
  upper: 'appConfig.classUpper',
  digit: 'appConfig.classDigit',
  symbol: 'appConfig.classSymbol',
};

/** The tenant's policy where the user may read it; otherwise the absolute minimum (the server applies the real policy). */
function usePasswordPolicy(): Pick<PasswordPolicy, 'minLength' | 'requiredClasses' | 'rejectCommon'> & { known: boolean } {
  const session = useSession();
  const allowed = hasAnyTask(session?.tasks ?? [], ['viewConfig', 'managePasswordPolicy']);
  const config = useQuery({
    queryKey: queryKeyOf(endpoints.getAppConfiguration),
    queryFn: ({ signal }) => call(endpoints.getAppConfiguration, { signal }),
    enabled: allowed,
    meta: { silent: true },
  });
  const policy = config.data?.passwordPolicy;
  return policy ? { ...policy, known: true } : { minLength: PASSWORD_ABSOLUTE_MIN, requiredClasses: [], known: false };
}

/** Configuration › Change password (spec 2, not in the menu): old password, a new one under the policy, confirmation. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const policy = usePasswordPolicy();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const [done, setDone] = useState(false);

  // The policy may arrive after typing began: check the new password again against it.
  const policyKey = `${policy.minLength}:${policy.requiredClasses.join(',')}`;
  useEffect(() => {
    if (form.isFieldTouched('newPassword')) void form.validateFields(['newPassword']).catch(() => undefined);
  }, [policyKey, form]);

  const problems = passwordProblems(policy, newPassword);
  const rules = [
    { key: 'length', text: passwordLengthRule(t, policy.minLength), ok: !problems.some((p) => p.code === 'password_too_short') },
    ...policy.requiredClasses.map((cls) => ({
      key: cls,
      text: t('changePassword.ruleClass', { what: t(CLASS_KEYS[cls]).toLowerCase() }),
      ok: !problems.some((p) => p.code === `password_needs_${cls}`),
    })),
  ];

  const change = useMutation({
    mutationFn: (v: PasswordValues) => call(endpoints.changePassword, { body: v }),
    meta: { silent: true },
    onSuccess: () => {
      form.resetFields();
      setDone(true);
      toast.success(t('changePassword.success'));
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'old_password_incorrect') form.setFields([{ name: 'oldPassword', errors: [describeError(err)] }]);
      else if (err instanceof ApiError && PASSWORD_REFUSALS.includes(err.code)) form.setFields([{ name: 'newPassword', errors: [describeError(err)] }]);
      else if (err instanceof ApiError && err.code === 'password_mismatch') form.setFields([{ name: 'confirmPassword', errors: [describeError(err)] }]);
      else reportError(err);
    },
  });

  const required = (key: TextKey) => ({ required: true, message: t('validation.required', { label: t(key) }) });

  return (
    <div>
      <PageHeading title={t('changePassword.title')} subtitle={t('changePassword.description')} />
      <Card className="section-card">
        {done && (
          <Alert
            type="success"
            showIcon
            className="form-alert"
            title={t('changePassword.success')}
            description={t('changePassword.otherSessionsEnded')}
            closable={{ onClose: () => setDone(false) }}
          />
        )}
        <div className="password-layout">
          <Form<PasswordValues> form={form} layout="vertical" className="narrow-form" onFinish={(v) => change.mutate(v)} onValuesChange={() => setDone(false)}>
            <Form.Item name="oldPassword" label={t('changePassword.oldPassword')} rules={[required('changePassword.oldPassword')]}>
              <Input.Password autoComplete="current-password" maxLength={200} autoFocus />
            </Form.Item>
            <Form.Item
              name="newPassword"
              label={t('changePassword.newPassword')}
              rules={[
                required('changePassword.newPassword'),
                {
                  validator: (_, value: string | undefined) => {
                    const first = value ? passwordProblems(policy, value)[0] : undefined;
                    return first ? Promise.reject(new Error(t(errorKey(first.code), { 0: first.args[0] }))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={200} />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('changePassword.confirmPassword')}
              dependencies={['newPassword']}
              rules={[
                required('changePassword.confirmPassword'),
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) =>
                    !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('error.password_mismatch'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={200} />
            </Form.Item>
            <Space className="form-actions">
              <Button type="primary" htmlType="submit" loading={change.isPending}>
                {t('changePassword.submit')}
              </Button>
            </Space>
          </Form>
          <aside className="password-rules" aria-live="polite" aria-label={t('changePassword.rulesTitle')}>
            <h2 className="password-rules__title">{t('changePassword.rulesTitle')}</h2>
            <ul>
              {rules.map((r) => (
                <li key={r.key} className={r.ok ? 'password-rules__ok' : 'password-rules__todo'}>
                  {r.ok ? <CheckCircleFilled /> : <CloseCircleOutlined />} {r.text}
                </li>
              ))}
            </ul>
            {policy.rejectCommon && <p className="section-card__hint">{t('changePassword.ruleCommon')}</p>}
            <p className="section-card__hint">{policy.known ? t('changePassword.policyHint') : t('changePassword.policyServerHint')}</p>
            <p className="section-card__hint">{t('changePassword.sessionsHint')}</p>
          </aside>
        </div>
      </Card>
    </div>
  );
}
