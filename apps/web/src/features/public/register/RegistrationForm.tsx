import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { CheckCircleFilled, CloseCircleOutlined, GiftOutlined, RocketOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FREE_TRANSACTION_LIMIT,
  LANGUAGES,
  NEW_TENANT_PASSWORD_POLICY,
  PASSWORD_ABSOLUTE_MIN,
  PASSWORD_REFUSALS,
  endpoints,
  passwordProblems,
  type Language,
  type ResponseOf,
} from '@nusa/contracts';
import { ApiError, call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { useFormat } from '../../../app/use-format.ts';
import { useLanguage } from '../../../i18n/index.ts';
import { optionalMark } from '../request-demo/optional-mark.tsx';
import { fieldOfUsedTrial } from './trial.ts';
import { errorKey, type TextKey } from '../../../i18n/keys.ts';

interface RegistrationValues {
  companyName: string;
  taxId?: string;
  fullName: string;
  email: string;
  phone: string;
  username: string;
  password: string;
  confirmPassword: string;
  language: Language;
}

export type Registered = ResponseOf<typeof endpoints.register>;

const PHONE = /^[0-9+()\- ]+$/;
const TAX_ID = /^[0-9.-]*$/;

/** The free-trial registration form: company, the person, the admin user of the new organisation. */
export function RegistrationForm({ onRegistered }: { onRegistered: (result: Registered) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const language = useLanguage();
  const [form] = Form.useForm<RegistrationValues>();
  const [error, setError] = useState<unknown>();
  const password = Form.useWatch('password', form) ?? '';
  const confirm = Form.useWatch('confirmPassword', form) ?? '';
  const policy = NEW_TENANT_PASSWORD_POLICY;

  const register = useMutation({
    mutationFn: (v: RegistrationValues) =>
      call(endpoints.register, {
        body: {
          companyName: v.companyName,
          taxId: v.taxId?.trim() || undefined,
          fullName: v.fullName,
          email: v.email.trim(),
          phone: v.phone,
          username: v.username.trim(),
          password: v.password,
          confirmPassword: v.confirmPassword,
          language: v.language,
        },
      }),
    meta: { silent: true },
    onSuccess: onRegistered,
    onError: (err, v) => {
      const message = describeError(err);
      if (err instanceof ApiError && PASSWORD_REFUSALS.includes(err.code)) form.setFields([{ name: 'password', errors: [message] }]);
      else if (err instanceof ApiError && err.code === 'password_mismatch') form.setFields([{ name: 'confirmPassword', errors: [message] }]);
      else {
        if (err instanceof ApiError && err.code === 'trial_already_used') form.setFields([{ name: fieldOfUsedTrial(err.args[0], v), errors: [message] }]);
        setError(err);
      }
    },
  });

  const problems = passwordProblems(policy, password);
  const rules = [
    {
      key: 'length',
      text: t('trialSignup.ruleLength', { count: Math.max(PASSWORD_ABSOLUTE_MIN, policy.minLength) }),
      ok: password !== '' && problems.length === 0,
    },
    { key: 'match', text: t('trialSignup.ruleMatch'), ok: confirm !== '' && confirm === password },
  ];

  const required = (key: TextKey) => ({ required: true, whitespace: true, message: t('validation.required', { label: t(key) }) });
  const trialUsed = error instanceof ApiError && error.code === 'trial_already_used';

  return (
    <div className="public-flow__grid">
      <Card>
        {error !== undefined && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            role="alert"
            title={trialUsed ? describeError(error) : t('trialSignup.failed')}
            description={trialUsed ? t('trialSignup.trialUsedText') : describeError(error)}
            closable={{ onClose: () => setError(undefined) }}
          />
        )}
        <Form<RegistrationValues>
          form={form}
          name="register"
          layout="vertical"
          requiredMark={optionalMark(t('onboarding.optional'))}
          initialValues={{ language }}
          onFinish={(v) => {
            setError(undefined);
            register.mutate(v);
          }}
          disabled={register.isPending}
          scrollToFirstError
        >
          <h2 className="public-flow__section-title">{t('trialSignup.sectionCompany')}</h2>
          <div className="public-flow__row">
            <Form.Item
              name="companyName"
              label={t('trialSignup.companyName')}
              rules={[required('trialSignup.companyName'), { min: 2, message: t('trialSignup.companyNameShort') }]}
            >
              <Input autoFocus autoComplete="organization" maxLength={100} />
            </Form.Item>
            <Form.Item name="taxId" label={t('trialSignup.taxId')} rules={[{ pattern: TAX_ID, message: t('trialSignup.taxIdInvalid') }]}>
              <Input maxLength={30} placeholder={t('trialSignup.taxIdPlaceholder')} inputMode="numeric" />
            </Form.Item>
          </div>

          <h2 className="public-flow__section-title">{t('trialSignup.sectionPerson')}</h2>
          <Form.Item name="fullName" label={t('trialSignup.fullName')} rules={[required('trialSignup.fullName')]}>
            <Input autoComplete="name" maxLength={100} />
          </Form.Item>
          <div className="public-flow__row">
            <Form.Item
              name="email"
              label={t('trialSignup.email')}
              rules={[required('trialSignup.email'), { type: 'email', message: t('onboarding.emailInvalid') }]}
            >
              <Input type="email" autoComplete="email" maxLength={200} placeholder={t('onboarding.emailPlaceholder')} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('trialSignup.phone')}
              rules={[
                required('trialSignup.phone'),
                { min: 11, message: t('onboarding.phoneTooShort') },
                { pattern: PHONE, message: t('onboarding.phoneInvalid') },
              ]}
            >
              <Input type="tel" autoComplete="tel" maxLength={30} placeholder={t('onboarding.phonePlaceholder')} />
            </Form.Item>
          </div>

          <h2 className="public-flow__section-title">{t('trialSignup.sectionAccount')}</h2>
          <div className="public-flow__row">
            <Form.Item
              name="username"
              label={t('trialSignup.username')}
              rules={[required('trialSignup.username'), { pattern: /^\S+$/, message: t('trialSignup.usernameSpaces') }]}
            >
              <Input autoComplete="username" maxLength={50} />
            </Form.Item>
            <Form.Item name="language" label={t('trialSignup.language')} rules={[{ required: true }]}>
              <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} />
            </Form.Item>
          </div>
          <div className="public-flow__row">
            <Form.Item
              name="password"
              label={t('trialSignup.password')}
              rules={[
                { required: true, message: t('validation.required', { label: t('trialSignup.password') }) },
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
              label={t('trialSignup.confirmPassword')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('validation.required', { label: t('trialSignup.confirmPassword') }) },
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) =>
                    !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('error.password_mismatch'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={200} />
            </Form.Item>
          </div>

          <div className="public-flow__actions">
            <Button type="primary" htmlType="submit" size="large" loading={register.isPending} icon={<RocketOutlined />}>
              {t('trialSignup.submit')}
            </Button>
          </div>
        </Form>
      </Card>
      <aside className="public-flow__aside">
        <Card
          title={
            <>
              <GiftOutlined aria-hidden /> {t('trialSignup.offerTitle')}
            </>
          }
        >
          <p>{t('trialSignup.offerText', { limit: f.number(FREE_TRANSACTION_LIMIT) })}</p>
          <p className="public-flow__hint">{t('trialSignup.offerOnce')}</p>
        </Card>
        <aside className="password-rules" aria-live="polite" aria-label={t('trialSignup.rulesTitle')}>
          <h2 className="password-rules__title">{t('trialSignup.rulesTitle')}</h2>
          <ul>
            {rules.map((r) => (
              <li key={r.key} className={r.ok ? 'password-rules__ok' : 'password-rules__todo'} data-ok={r.ok}>
                {r.ok ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />} {r.text}
              </li>
            ))}
          </ul>
          <p className="section-card__hint">{t('trialSignup.ruleCommon')}</p>
          <p className="section-card__hint">{t('trialSignup.rulesHint')}</p>
        </aside>
      </aside>
    </div>
  );
}
