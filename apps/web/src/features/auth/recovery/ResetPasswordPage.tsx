import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { CheckCircleFilled, CloseCircleOutlined, LockOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_ROUTE, endpoints, passwordProblems, type PasswordClass } from '@nusa/contracts';
import { ApiError, call } from '../../../api/call.ts';
import { describeError, toast } from '../../../app/feedback.tsx';
import { preferences } from '../../../app/session.ts';
import { BASE_POLICY, FORGOT_PASSWORD_ROUTE, LINK_ERRORS, fieldOfError, learnPolicy, readResetLink, type KnownPolicy } from './recovery.ts';
import { RecoveryShell } from './RecoveryShell.tsx';
import './recovery.css';
import { passwordLengthRule } from '../../../app/password-length.ts';
import { errorKey, type TextKey } from '../../../i18n/keys.ts';

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

const CLASS_KEYS: Record<PasswordClass, TextKey> = {
  lower: 'appConfig.classLower',
  upper: 'appConfig.classUpper',
  digit: 'appConfig.classDigit',
  symbol: 'appConfig.classSymbol',
};

/** The link cannot be used (incomplete, invalid, used or expired): say why and offer a new one. */
function LinkProblem({ message }: { message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RecoveryShell title={t('recovery.reset.title')}>
      <Result
        className="recovery-result"
        status="warning"
        title={t('recovery.reset.linkProblemTitle')}
        subTitle={message}
        extra={[
          <Button key="new" type="primary" autoFocus onClick={() => navigate(FORGOT_PASSWORD_ROUTE)}>
            {t('recovery.requestNewLink')}
          </Button>,
          <Button key="login" onClick={() => navigate(LOGIN_ROUTE)}>
            {t('recovery.backToLogin')}
          </Button>,
        ]}
      />
    </RecoveryShell>
  );
}

/**
 * Reset password from a mailed link (/reset-password?tenant=<code>&token=<token>): a new password and its
 * confirmation under the tenant's policy. The policy is not public, so the checklist starts at the absolute minimum
 * and adds each rule the server reports. Success ends every session of the account and leads to the login.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [link] = useState(() => readResetLink(search));
  const [form] = Form.useForm<ResetValues>();
  const [policy, setPolicy] = useState<KnownPolicy>(BASE_POLICY);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>();
  const [linkError, setLinkError] = useState<unknown>();
  const newPassword = Form.useWatch('newPassword', form) ?? '';

  // The link names its organisation: the reset call goes there, and so does the login afterwards.
  useEffect(() => {
    if (link.ok) preferences.setTenant(link.tenant);
  }, [link]);

  if (!link.ok) return <LinkProblem message={t('recovery.reset.linkIncomplete')} />;
  if (linkError !== undefined) return <LinkProblem message={describeError(linkError)} />;

  const onFinish = async (values: ResetValues) => {
    setError(undefined);
    setSubmitting(true);
    try {
      await call(endpoints.resetPassword, { body: { token: link.token, ...values } });
      toast.success(t('recovery.reset.success'));
      navigate(LOGIN_ROUTE, { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (err instanceof ApiError && (LINK_ERRORS as readonly string[]).includes(err.code)) return setLinkError(err);
      const field = err instanceof ApiError ? fieldOfError(err.code) : undefined;
      if (err instanceof ApiError && field) {
        setPolicy((p) => learnPolicy(p, err.code, err.args));
        form.setFields([{ name: field, errors: [describeError(err)] }]);
      } else {
        setError(err);
      }
    }
  };

  const problems = passwordProblems(policy, newPassword);
  const rules = [
    { key: 'length', text: passwordLengthRule(t, policy.minLength), ok: !problems.some((p) => p.code === 'password_too_short') },
    ...policy.requiredClasses.map((cls) => ({
      key: cls,
      text: t('changePassword.ruleClass', { what: t(CLASS_KEYS[cls]).toLowerCase() }),
      ok: !problems.some((p) => p.code === `password_needs_${cls}`),
    })),
  ];
  const required = (key: TextKey) => ({ required: true, message: t('validation.required', { label: t(key) }) });

  return (
    <RecoveryShell title={t('recovery.reset.title')} subtitle={t('recovery.reset.subtitle', { tenant: link.tenant })}>
      {error !== undefined && (
        <Alert className="auth-card__error" type="error" showIcon title={t('recovery.reset.failed')} description={describeError(error)} />
      )}
      <Form<ResetValues> name="reset-password" form={form} layout="vertical" requiredMark={false} size="large" onFinish={onFinish} disabled={submitting}>
        <Form.Item
          name="newPassword"
          label={t('recovery.reset.newPassword')}
          rules={[
            required('recovery.reset.newPassword'),
            {
              validator: (_, value: string | undefined) => {
                const first = value ? passwordProblems(policy, value)[0] : undefined;
                return first ? Promise.reject(new Error(t(errorKey(first.code), { 0: first.args[0] }))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('recovery.reset.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            required('recovery.reset.confirmPassword'),
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('error.password_mismatch'))),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={200} />
        </Form.Item>
        <div className="password-rules recovery-rules" aria-live="polite" aria-label={t('changePassword.rulesTitle')}>
          <h2 className="password-rules__title">{t('changePassword.rulesTitle')}</h2>
          <ul>
            {rules.map((r) => (
              <li key={r.key} className={r.ok ? 'password-rules__ok' : 'password-rules__todo'}>
                {r.ok ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />} {r.text}
              </li>
            ))}
          </ul>
          <p className="section-card__hint">{t('recovery.reset.rulesHint')}</p>
        </div>
        <Button type="primary" htmlType="submit" block loading={submitting} disabled={submitting}>
          {t('recovery.reset.submit')}
        </Button>
      </Form>
    </RecoveryShell>
  );
}
