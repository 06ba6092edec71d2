import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Spin } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANDING_ROUTE, endpoints, type SessionData } from '@nusa/contracts';
import { callWithResponse, workTokenOf } from '../../api/call.ts';
import { describeError } from '../../app/feedback.tsx';
import { FROM_PARAM, KEY_PARAM, REDIRECT_PARAM, SESSION_PARAM } from '../../app/guard.ts';
import { loginTenant, preferences, rememberedLogin } from '../../app/session.ts';
import { isTenantCode } from '../../app/tenant.ts';
import { completeLogin, runOnce } from './complete-login.ts';
import { AuthShell } from './AuthShell.tsx';
import { OrganisationField } from './OrganisationField.tsx';
import { SessionKeyDialog } from './SessionKeyDialog.tsx';
import { FORGOT_PASSWORD_ROUTE } from './recovery/recovery.ts';

const TENANT_PARAM = 'tenant';

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
  tenant?: string;
}

/**
 * The login page (spec 4/5): username and password are required, the button is disabled while submitting and
 * enabled again on failure, and errors appear on the page. It also finishes the two sign-ins carried in the URL:
 * an encrypted `redirect` bundle and a `session`/`key` pair.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const from = params.get(FROM_PARAM);
  const redirect = params.get(REDIRECT_PARAM);
  const sessionParam = params.get(SESSION_PARAM);
  const keyParam = params.get(KEY_PARAM);

  const [submitting, setSubmitting] = useState(false);
  const [autoLogin, setAutoLogin] = useState(Boolean(redirect));
  const [error, setError] = useState<unknown>();
  const [tenantOpen, setTenantOpen] = useState(false);
  const [remembered] = useState(() => rememberedLogin.get());
  // Straight after a trial registration the new account's username comes along (router state, not the address).
  const location = useLocation();
  const [registered] = useState(() => {
    const state = location.state as { username?: unknown } | null;
    return typeof state?.username === 'string' && state.username ? state.username : undefined;
  });
  const knownUsername = registered ?? remembered;
  // A link naming the organisation (the new-tenant welcome mail: /login?tenant=<code>) makes it the login one.
  useState(() => {
    const linked = params.get(TENANT_PARAM)?.trim().toLowerCase();
    if (linked && isTenantCode(linked) && linked !== loginTenant()) preferences.setTenant(linked);
  });
  const tenant = loginTenant();

  const finish = (data: SessionData, token: string) => navigate(completeLogin(data, token, from), { replace: true });

  /** Drops one-time credentials from the address so a reload does not replay them. */
  const dropFromUrl = (...names: string[]) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of names) next.delete(name);
        return next;
      },
      { replace: true },
    );

  // The outcome of the redirect bundle reaches the latest render's state and navigation.
  const redirectSucceeded = useEffectEvent((data: SessionData & { remember: boolean; rememberedUsername: string | null }, token: string) => {
    if (data.remember) rememberedLogin.set(data.rememberedUsername);
    finish(data, token);
  });
  const redirectFailed = useEffectEvent((err: unknown) => {
    setError(err);
    setAutoLogin(false);
    dropFromUrl(REDIRECT_PARAM);
  });
  useEffect(() => {
    if (!redirect) return;
    let active = true;
    runOnce(`redirect:${redirect}`, () => callWithResponse(endpoints.loginByRedirect, { body: { redirect } })).then(
      ({ data, headers }) => {
        if (active) redirectSucceeded(data, workTokenOf(headers));
      },
      (err: unknown) => {
        if (active) redirectFailed(err);
      },
    );
    return () => {
      active = false;
    };
  }, [redirect]);

  const onFinish = async (values: LoginValues) => {
    setError(undefined);
    setSubmitting(true);
    try {
      if (tenantOpen && values.tenant) preferences.setTenant(values.tenant.trim().toLowerCase());
      const username = values.username.trim();
      const { data, headers } = await callWithResponse(endpoints.login, { body: { username, password: values.password } });
      rememberedLogin.set(values.remember ? username : null);
      finish(data, workTokenOf(headers));
    } catch (err) {
      setError(err);
      setSubmitting(false);
    }
  };

  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });

  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')} back={{ to: LANDING_ROUTE, label: t('login.backToLanding') }}>
      {error !== undefined && <Alert className="auth-card__error" type="error" showIcon title={t('login.failed')} description={describeError(error)} />}

      {autoLogin ? (
        <div className="auth-card__auto" role="status" aria-live="polite">
          <Spin />
          <span>{t('login.autoLogin')}</span>
        </div>
      ) : (
        <Form<LoginValues>
          name="login"
          form={form}
          layout="vertical"
          requiredMark={false}
          size="large"
          validateTrigger={['onChange', 'onBlur']}
          initialValues={{ username: knownUsername ?? '', password: '', remember: Boolean(remembered), tenant }}
          onFinish={onFinish}
          disabled={submitting}
        >
          <OrganisationField tenant={tenant} open={tenantOpen} onOpen={() => setTenantOpen(true)} testId="login-tenant" />
          <Form.Item name="username" label={t('login.username')} rules={[required(t('login.username'))]}>
            <Input
              prefix={<UserOutlined aria-hidden />}
              placeholder={t('login.usernamePlaceholder')}
              autoComplete="username"
              autoFocus={!knownUsername}
              maxLength={100}
            />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[required(t('login.password'))]}>
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              autoFocus={Boolean(knownUsername)}
              maxLength={200}
            />
          </Form.Item>
          <div className="auth-card__row">
            <Form.Item name="remember" valuePropName="checked" className="auth-card__remember">
              <Checkbox>{t('login.remember')}</Checkbox>
            </Form.Item>
            <Link to={FORGOT_PASSWORD_ROUTE}>{t('recovery.forgotLink')}</Link>
          </div>
          <Button type="primary" htmlType="submit" block loading={submitting} disabled={submitting}>
            {t('login.submit')}
          </Button>
          <div style={{ marginTop: 20, textAlign: 'center' }}>
            <Link to="/register">{t('trialSignup.loginLink')}</Link>
          </div>
        </Form>
      )}

      {sessionParam && keyParam && (
        <SessionKeyDialog
          session={sessionParam}
          secret={keyParam}
          onValid={finish}
          onInvalid={(err) => {
            setError(err);
            dropFromUrl(SESSION_PARAM, KEY_PARAM);
          }}
        />
      )}
    </AuthShell>
  );
}
