import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isTenantCode } from '../../app/tenant.ts';

interface OrganisationFieldProps {
  tenant: string;
  /** Whether the visitor asked to type another organisation code (the form then has a `tenant` field). */
  open: boolean;
  onOpen: () => void;
  testId: string;
}

/** The organisation a login-related form goes to, with the way to type another one (spec 9: tenant code). */
export function OrganisationField({ tenant, open, onOpen, testId }: OrganisationFieldProps) {
  const { t } = useTranslation();
  const label = t('login.organisationCode');
  return (
    <>
      <div className="auth-card__tenant">
        <span>
          {t('login.organisation')}: <strong data-testid={testId}>{tenant}</strong>
        </span>
        {!open && (
          <Button type="link" size="small" onClick={onOpen}>
            {t('login.changeOrganisation')}
          </Button>
        )}
      </div>
      {open && (
        <Form.Item
          name="tenant"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('validation.required', { label }) },
            {
              validator: async (_r, v: string) => {
                if (v && !isTenantCode(v.trim().toLowerCase())) throw new Error(t('validation.tenantCode'));
              },
            },
          ]}
        >
          <Input autoComplete="organization" />
        </Form.Item>
      )}
    </>
  );
}
