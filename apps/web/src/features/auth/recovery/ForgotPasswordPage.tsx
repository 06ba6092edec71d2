import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_ROUTE, RESET_LINK_MINUTES, endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { loginTenant, preferences } from '../../../app/session.ts';
import { OrganisationField } from '../OrganisationField.tsx';
import { RecoveryShell } from './RecoveryShell.tsx';
import './recovery.css';

interface ForgotValues {
  login: string;
  tenant?: string;
}

/**
 * Forgot password (spec 1/2): a username or email of the login organisation. The server answers the same whether
 * or not such an account exists, and so does this page; only throttling and connection problems show as errors.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotValues>();
  const [tenantOpen, setTenantOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>();
  const [sent, setSent] = useState<{ login: string; tenant: string }>();
  // "Send again" shows the form with what was typed before.
  const [lastLogin, setLastLogin] = useState('');
  const tenant = loginTenant();

  const onFinish = async (values: ForgotValues) => {
    setError(undefined);
    setSubmitting(true);
    try {
      if (tenantOpen && values.tenant) preferences.setTenant(values.tenant.trim().toLowerCase());
      const login = values.login.trim();
      setLastLogin(login);
      await call(endpoints.forgotPassword, { body: { login } });
      setSent({ login, tenant: loginTenant() });
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });

  if (sent) {
    return (
      <RecoveryShell title={t('recovery.forgot.title')}>
        <Result
          className="recovery-result"
          icon={<MailOutlined />}
          status="info"
          title={t('recovery.forgot.sentTitle')}
          subTitle={
            <>
              <p>{t('recovery.forgot.sentText', { login: sent.login, tenant: sent.tenant, minutes: RESET_LINK_MINUTES })}</p>
              <p>{t('recovery.forgot.sentHint')}</p>
            </>
          }
          extra={[
            <Button key="login" type="primary" autoFocus onClick={() => navigate(LOGIN_ROUTE)}>
              {t('recovery.backToLogin')}
            </Button>,
            <Button key="again" onClick={() => setSent(undefined)}>
              {t('recovery.forgot.sendAgain')}
            </Button>,
          ]}
        />
      </RecoveryShell>
    );
  }

  return (
    <RecoveryShell title={t('recovery.forgot.title')} subtitle={t('recovery.forgot.subtitle')}>
      {error !== undefined && (
        <Alert className="auth-card__error" type="error" showIcon title={t('recovery.forgot.failed')} description={describeError(error)} />
      )}
      <Form<ForgotValues>
        name="forgot-password"
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ login: lastLogin, tenant }}
        onFinish={onFinish}
        disabled={submitting}
      >
        <OrganisationField tenant={tenant} open={tenantOpen} onOpen={() => setTenantOpen(true)} testId="forgot-tenant" />
        <Form.Item name="login" label={t('recovery.forgot.login')} rules={[required(t('recovery.forgot.login'))]}>
          <Input prefix={<UserOutlined aria-hidden />} placeholder={t('recovery.forgot.loginPlaceholder')} autoComplete="username" autoFocus maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} disabled={submitting}>
          {t('recovery.forgot.submit')}
        </Button>
      </Form>
    </RecoveryShell>
  );
}
