import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Select } from 'antd';
import { ArrowRightOutlined, CheckCircleFilled } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_SIZES,
  LEAD_CHANNELS,
  LEAD_PACKAGES,
  LEAD_PACKAGE_CODES,
  LANDING_ROUTE,
  LEAD_PRODUCTS,
  PROMO_REFUSALS,
  endpoints,
  leadProductName,
  type CompanySize,
  type LeadChannel,
  type LeadPackage,
  type LeadProduct,
  type PromoRefusal,
} from '@nusa/contracts';
import { ApiError, call } from '../../../api/call.ts';
import { describeError } from '../../../app/feedback.tsx';
import { currentTenant } from '../../../app/session.ts';
import { clearDraft, loadDraft, saveDraft } from './draft.ts';
import { PAYMENT_PATH, stepPath, stepperOf } from './flow.ts';
import { packagePrice, priceLines } from './money.ts';
import { useFormat } from '../../../app/use-format.ts';
import { optionalMark } from './optional-mark.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { PublicShell } from './PublicShell.tsx';
import { usePromoCheck, type PromoState } from './use-promo-check.ts';
import { errorKey, type Translate, type TextKey } from '../../../i18n/keys.ts';

interface RequestValues {
  contactName: string;
  email: string;
  phone: string;
  company: string;
  companySize?: CompanySize;
  product?: LeadProduct;
  package: LeadPackage;
  requirements?: string;
  promoCode?: string;
}

/** Error codes of a refused promo code (spec 8): shown under the promo field, not as a toast. */
const isPromoRefusal = (code: string): code is PromoRefusal => (PROMO_REFUSALS as readonly string[]).includes(code);

const PHONE = /^[0-9+()\- ]+$/;

const FIELDS = ['contactName', 'email', 'phone', 'company', 'companySize', 'product', 'package', 'requirements', 'promoCode'] as const;
const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined => (list.includes(value as T) ? (value as T) : undefined);

/**
 * The draft of an earlier visit in this tab, with choices that are no longer offered left out. A package named by
 * the link (the landing's plan buttons: ?package=starter) wins over the draft's.
 */
function restoredDraft(linkedPackage: string | null): Partial<RequestValues> {
  const draft = loadDraft<Record<(typeof FIELDS)[number], string>>(FIELDS);
  return {
    ...draft,
    companySize: oneOf(COMPANY_SIZES, draft.companySize),
    product: oneOf(LEAD_PRODUCTS, draft.product),
    package: oneOf(LEAD_PACKAGE_CODES, linkedPackage) ?? oneOf(LEAD_PACKAGE_CODES, draft.package) ?? 'business',
  };
}

/** A marketing link may name where the visitor comes from (?channel=whatsapp); the web otherwise. */
const channelOf = (value: string | null): LeadChannel => ((LEAD_CHANNELS as readonly string[]).includes(value ?? '') ? (value as LeadChannel) : 'web');

function promoHelp(state: PromoState, t: Translate) {
  if (state.kind === 'checking') return { validateStatus: 'validating' as const, help: t('demoRequest.promoChecking') };
  if (state.kind === 'invalid') return { validateStatus: 'error' as const, help: t(errorKey(state.reason)) };
  if (state.kind === 'failed') return { validateStatus: 'error' as const, help: describeError(state.error) };
  if (state.kind === 'needs-size') return { validateStatus: 'warning' as const, help: t('demoRequest.promoNeedsSize') };
  if (state.kind === 'valid') {
    return {
      validateStatus: 'success' as const,
      help: (
        <span className="promo-field__valid" data-testid="promo-valid">
          <CheckCircleFilled aria-hidden /> {t('demoRequest.promoApplied')}
        </span>
      ),
    };
  }
  return { help: t('demoRequest.promoHint') };
}

/** Step 1 of requesting a demo (public): contact, company, product and package, an optional promo code. */
export default function RequestDemoPage() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const channel = channelOf(query.get('channel'));
  const [form] = Form.useForm<RequestValues>();
  const promo = usePromoCheck();
  const [error, setError] = useState<unknown>();
  const [draft] = useState(() => restoredDraft(query.get('package')));

  const pkg = Form.useWatch('package', form) ?? 'business';
  const size = Form.useWatch('companySize', form);
  const product = Form.useWatch('product', form);

  // A promo code kept from before a reload is checked again at once, so the summary shows its discount.
  const checkDraftPromo = useEffectEvent(() => {
    if (draft.promoCode?.trim() && draft.companySize) void promo.check({ code: draft.promoCode, pkg: draft.package!, size: draft.companySize, channel });
  });
  useEffect(() => checkDraftPromo(), []);

  const checkPromo = async () => {
    const code = (form.getFieldValue('promoCode') as string | undefined)?.trim() ?? '';
    if (!code) return promo.reset();
    // The code's eligibility depends on the company size (segment); the visitor chooses it first.
    const chosen = form.getFieldValue('companySize') as CompanySize | undefined;
    if (!chosen) {
      promo.needSize(code);
      await form.validateFields(['companySize']).catch(() => undefined);
      return;
    }
    await promo.check({ code, pkg: form.getFieldValue('package') as LeadPackage, size: chosen, channel });
  };

  // A code checked for another package or size is checked again: the discount or eligibility may differ.
  // (Also while a check runs: clicking a size blurs the promo field, which checks it for the size before the click.)
  const checkedFor = promo.state.kind === 'none' ? undefined : promo.state.code;
  // (A code waiting for the size is checked as soon as the size is chosen.)
  // Only a change of package or size re-checks; the code itself is checked on blur or apply.
  const recheckPromo = useEffectEvent((pkg: LeadPackage, size: CompanySize | undefined) => {
    if (checkedFor && size) void promo.check({ code: checkedFor, pkg, size, channel });
  });
  useEffect(() => recheckPromo(pkg, size), [pkg, size]);

  const quote = promo.state.kind === 'valid' && promo.state.pkg === pkg ? promo.state.quote : undefined;
  const lines = priceLines(quote ?? { price: LEAD_PACKAGES[pkg], discount: '0', amount: LEAD_PACKAGES[pkg] }, f);

  const submit = useMutation({
    mutationFn: (v: RequestValues) =>
      call(endpoints.requestDemo, {
        body: {
          contactName: v.contactName,
          email: v.email.trim(),
          phone: v.phone,
          company: v.company,
          companySize: v.companySize!,
          product: v.product!,
          package: v.package,
          requirements: v.requirements ?? '',
          promoCode: v.promoCode?.trim() || undefined,
          channel,
        },
      }),
    meta: { silent: true },
    onSuccess: (view) => {
      clearDraft();
      navigate(stepPath(PAYMENT_PATH, { tenant: currentTenant(), requestId: view.requestId }));
    },
    onError: (err, v) => {
      if (err instanceof ApiError && isPromoRefusal(err.code))
        promo.refuse({ code: v.promoCode ?? '', pkg: v.package, size: v.companySize!, channel }, err.code);
      else setError(err);
    },
  });

  const onFinish = (v: RequestValues) => {
    setError(undefined);
    submit.mutate(v);
  };

  const required = (key: TextKey) => ({ required: true, whitespace: true, message: t('validation.required', { label: t(key) }) });

  return (
    <PublicShell title={t('demoRequest.title')} subtitle={t('demoRequest.subtitle')} stepper={stepperOf('request')}>
      <div className="public-flow__grid">
        <Card>
          {error !== undefined && (
            <Alert
              className="form-alert"
              type="error"
              showIcon
              title={t('demoRequest.sendFailed')}
              description={describeError(error)}
              closable={{ onClose: () => setError(undefined) }}
            />
          )}
          <Form<RequestValues>
            form={form}
            name="request-demo"
            layout="vertical"
            requiredMark={optionalMark(t('onboarding.optional'))}
            initialValues={draft}
            onValuesChange={(_changed, all) => saveDraft(all)}
            onFinish={onFinish}
            disabled={submit.isPending}
            scrollToFirstError
          >
            <h2 className="public-flow__section-title">{t('demoRequest.sectionContact')}</h2>
            <div className="public-flow__row">
              <Form.Item name="contactName" label={t('demoRequest.contactName')} rules={[required('demoRequest.contactName')]}>
                <Input autoFocus autoComplete="name" maxLength={100} />
              </Form.Item>
              <Form.Item name="company" label={t('demoRequest.company')} rules={[required('demoRequest.company')]}>
                <Input autoComplete="organization" maxLength={200} />
              </Form.Item>
            </div>
            <div className="public-flow__row">
              <Form.Item
                name="email"
                label={t('demoRequest.email')}
                rules={[required('demoRequest.email'), { type: 'email', message: t('onboarding.emailInvalid') }]}
              >
                <Input type="email" autoComplete="email" maxLength={200} placeholder={t('onboarding.emailPlaceholder')} />
              </Form.Item>
              <Form.Item
                name="phone"
                label={t('demoRequest.phone')}
                rules={[
                  required('demoRequest.phone'),
                  { min: 11, message: t('onboarding.phoneTooShort') },
                  { pattern: PHONE, message: t('onboarding.phoneInvalid') },
                ]}
              >
                <Input type="tel" autoComplete="tel" maxLength={30} placeholder={t('onboarding.phonePlaceholder')} />
              </Form.Item>
            </div>
            <Form.Item
              name="companySize"
              label={t('demoRequest.companySize')}
              rules={[{ required: true, message: t('validation.required', { label: t('demoRequest.companySize') }) }]}
            >
              <Radio.Group optionType="button" buttonStyle="solid" options={COMPANY_SIZES.map((s) => ({ value: s, label: t(`onboarding.size.${s}`) }))} />
            </Form.Item>

            <h2 className="public-flow__section-title">{t('demoRequest.sectionNeeds')}</h2>
            <Form.Item
              name="product"
              label={t('demoRequest.product')}
              rules={[{ required: true, message: t('validation.required', { label: t('demoRequest.product') }) }]}
            >
              <Select
                placeholder={t('demoRequest.productPlaceholder')}
                options={LEAD_PRODUCTS.map((p) => ({ value: p, label: leadProductName(p, i18n.language) }))}
              />
            </Form.Item>
            <Form.Item name="package" label={t('demoRequest.package')} rules={[{ required: true }]}>
              <Radio.Group className="choice-cards">
                {LEAD_PACKAGE_CODES.map((code) => (
                  <Radio key={code} value={code} className="choice-card">
                    <span className="choice-card__title">{t(`onboarding.package.${code}`)}</span>
                    <span className="choice-card__price">
                      {packagePrice(code, f)} <span className="choice-card__unit">{t('demoRequest.perMonth')}</span>
                    </span>
                    <span className="choice-card__text">{t(`onboarding.packageText.${code}`)}</span>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item name="requirements" label={t('demoRequest.requirements')}>
              <Input.TextArea rows={4} maxLength={2000} showCount placeholder={t('demoRequest.requirementsPlaceholder')} />
            </Form.Item>

            <Form.Item label={t('demoRequest.promoCode')} {...promoHelp(promo.state, t)} htmlFor="request-demo_promoCode">
              <div className="promo-field">
                <Form.Item name="promoCode" noStyle>
                  <Input.Search
                    id="request-demo_promoCode"
                    maxLength={40}
                    autoComplete="off"
                    enterButton={t('demoRequest.promoApply')}
                    loading={promo.state.kind === 'checking'}
                    onChange={() => promo.reset()}
                    onBlur={() => void checkPromo()}
                    // Enter in this field applies the code instead of sending the whole form.
                    onSearch={(_value, e) => {
                      e?.preventDefault();
                      void checkPromo();
                    }}
                  />
                </Form.Item>
              </div>
            </Form.Item>

            <div className="public-flow__actions">
              <Button htmlType="button" onClick={() => navigate(LANDING_ROUTE)}>
                {t('common.cancel')}
              </Button>
              <Button type="primary" htmlType="submit" loading={submit.isPending} icon={<ArrowRightOutlined />} iconPlacement="end">
                {t('demoRequest.submit')}
              </Button>
            </div>
          </Form>
        </Card>
        <aside className="public-flow__aside">
          <OrderSummary product={product} pkg={pkg} lines={lines} promoCode={quote?.code} pending={promo.state.kind === 'checking'}>
            <p className="public-flow__hint order-summary__note">{t('demoRequest.summaryNote')}</p>
          </OrderSummary>
        </aside>
      </div>
    </PublicShell>
  );
}
