import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Form, Input, Select, Skeleton, Typography, type DescriptionsProps } from 'antd';
import { ArrowRightOutlined, CheckCircleOutlined, FileSearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import type { Translate } from '../../../i18n/keys.ts';
import {
  COMPANY_SIZES,
  LEAD_PACKAGE_CODES,
  LEAD_PRODUCTS,
  endpoints,
  type CompanySize,
  type Lead,
  type LeadPackage,
  type LeadProduct,
  leadProductName,
  type LeadStatus,
} from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { FormDrawer } from '../../../app/components/FormDrawer.tsx';
import { toast } from '../../../app/feedback.tsx';
import { canConfirmPayment, isFinalStatus, nextStatuses } from './lead-rules.ts';
import { useFormat } from '../../../app/use-format.ts';
import { LeadStatusTag, PaymentStatusTag } from './labels.tsx';
import { ProofDialog } from './ProofDialog.tsx';
import { useConfirmDanger } from '../../../app/components/confirm-danger.ts';
import { queryKeyOf } from '../../../api/query-keys.ts';

interface LeadForm {
  contactName: string;
  email: string;
  phone: string;
  company: string;
  companySize: CompanySize;
  product: LeadProduct;
  package: LeadPackage;
  requirements: string;
}

const LIMITS = { contactName: 100, email: 200, phone: 30, company: 200, requirements: 2000 } as const;
/** The contract's contact phone: more than 10 characters of digits and phone punctuation. */
const PHONE_PATTERN = /^[0-9+()\- ]{11,30}$/;

const formOf = (l: Lead): LeadForm => ({
  contactName: l.contactName,
  email: l.email,
  phone: l.phone,
  company: l.company,
  companySize: l.companySize,
  product: l.product,
  package: l.package,
  requirements: l.requirements,
});

/** One lead: its status moves, contact and requirements, price and payment. Read-only without editManagementLeads. */
export function LeadDrawer({ leadId, canEdit, onClose }: { leadId: string; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const confirmDanger = useConfirmDanger();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LeadForm>();
  const [proofShown, setProofShown] = useState(false);
  const key = queryKeyOf(endpoints.getLead, leadId);
  const {
    data: lead,
    isError,
    refetch,
  } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(endpoints.getLead, { params: { leadId }, signal }),
    gcTime: 0,
  });

  const applied = (saved: Lead) => {
    queryClient.setQueryData(key, saved);
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(endpoints.listLeads) });
  };
  const save = useMutation({
    mutationFn: (v: LeadForm) =>
      call(endpoints.updateLead, {
        params: { leadId },
        body: {
          ...v,
          contactName: v.contactName.trim(),
          email: v.email.trim(),
          phone: v.phone.trim(),
          company: v.company.trim(),
          requirements: (v.requirements ?? '').trim(),
        },
      }),
    onSuccess: (saved) => {
      applied(saved);
      toast.success(t('adminLeads.saved', { name: saved.contactName }));
    },
  });
  const move = useMutation({
    mutationFn: (status: LeadStatus) => call(endpoints.setLeadStatus, { params: { leadId }, body: { status } }),
    onSuccess: (saved) => {
      applied(saved);
      toast.success(t('adminLeads.moved', { name: saved.contactName, status: t(`adminLeads.statuses.${saved.status}`) }));
    },
  });
  const confirmPayment = useMutation({
    mutationFn: () => call(endpoints.confirmLeadPayment, { params: { leadId } }),
    onSuccess: (saved) => {
      applied(saved);
      toast.success(t('adminLeads.paymentConfirmed', { name: saved.contactName }));
    },
  });

  const ask = (title: string, content: string, okText: string, onOk: () => Promise<unknown>) =>
    confirmDanger({
      title,
      content,
      okText,
      onOk: () => onOk().catch(() => undefined),
      danger: false,
    });

  const moveTo = (l: Lead, status: LeadStatus) => {
    const label = t(`adminLeads.statuses.${status}`);
    // A final status cannot be undone, so it is asked first; the other moves are one click.
    if (isFinalStatus(status))
      ask(t('adminLeads.moveTitle', { status: label }), t('adminLeads.moveFinal', { status: label, name: l.contactName }), t('adminLeads.move'), () =>
        move.mutateAsync(status),
      );
    else move.mutate(status);
  };

  const required = (label: string) => ({ required: true, whitespace: true, message: t('validation.required', { label }) });
  const sizeOptions = COMPANY_SIZES.map((s) => ({ value: s, label: t(`adminLeads.sizes.${s}`) }));
  const productOptions = LEAD_PRODUCTS.map((p) => ({ value: p, label: leadProductName(p, i18n.language) }));
  const packageOptions = LEAD_PACKAGE_CODES.map((p) => ({ value: p, label: t(`adminLeads.packages.${p}`) }));

  return (
    <FormDrawer
      title={lead ? t('adminLeads.detailTitle', { name: lead.contactName }) : t('common.loading')}
      size={640}
      onClose={onClose}
      closeLabel={t('common.close')}
      save={canEdit ? { label: t('adminLeads.save'), pending: save.isPending, disabled: !lead, onSave: () => form.submit() } : undefined}
    >
      {!lead && isError ? (
        <Empty description={t('common.loadFailed')}>
          <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : !lead ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          {!canEdit && <Alert type="info" showIcon title={t('adminLeads.readOnly')} className="form-alert" />}
          <section className="lead-drawer__section" aria-label={t('adminLeads.statusSection')}>
            <h3>{t('adminLeads.statusSection')}</h3>
            <div className="lead-drawer__moves">
              <LeadStatusTag status={lead.status} />
              {isFinalStatus(lead.status) ? (
                <span className="muted-text">{t('adminLeads.finalStatus')}</span>
              ) : (
                canEdit && (
                  <>
                    <span className="muted-text">
                      <ArrowRightOutlined /> {t('adminLeads.nextStatus')}
                    </span>
                    {nextStatuses(lead.status).map((s) => (
                      <Button key={s} size="small" danger={s === 'LOST'} loading={move.isPending && move.variables === s} onClick={() => moveTo(lead, s)}>
                        {t(`adminLeads.statuses.${s}`)}
                      </Button>
                    ))}
                  </>
                )
              )}
            </div>
          </section>

          <section className="lead-drawer__section">
            <h3>{t('adminLeads.contactSection')}</h3>
            {canEdit ? (
              <Form<LeadForm> form={form} layout="vertical" initialValues={formOf(lead)} onFinish={(v) => save.mutate(v)}>
                <div className="form-grid">
                  <Form.Item name="contactName" label={t('adminLeads.contactName')} rules={[required(t('adminLeads.contactName'))]}>
                    <Input maxLength={LIMITS.contactName} autoFocus />
                  </Form.Item>
                  <Form.Item
                    name="email"
                    label={t('adminLeads.email')}
                    rules={[required(t('adminLeads.email')), { type: 'email', message: t('adminLeads.emailInvalid') }]}
                  >
                    <Input maxLength={LIMITS.email} type="email" />
                  </Form.Item>
                  <Form.Item
                    name="phone"
                    label={t('adminLeads.phone')}
                    rules={[required(t('adminLeads.phone')), { pattern: PHONE_PATTERN, message: t('adminLeads.phoneInvalid') }]}
                  >
                    <Input maxLength={LIMITS.phone} type="tel" />
                  </Form.Item>
                  <Form.Item name="company" label={t('adminLeads.company')} rules={[required(t('adminLeads.company'))]}>
                    <Input maxLength={LIMITS.company} />
                  </Form.Item>
                  <Form.Item name="companySize" label={t('adminLeads.companySize')}>
                    <Select options={sizeOptions} />
                  </Form.Item>
                  <Form.Item name="product" label={t('adminLeads.product')}>
                    <Select options={productOptions} />
                  </Form.Item>
                  <Form.Item name="package" label={t('adminLeads.package')} extra={t('adminLeads.repriceHint')}>
                    <Select options={packageOptions} />
                  </Form.Item>
                </div>
                <Form.Item name="requirements" label={t('adminLeads.requirements')}>
                  <Input.TextArea maxLength={LIMITS.requirements} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
                </Form.Item>
                <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
              </Form>
            ) : (
              <Descriptions column={1} size="small" bordered items={contactItems(lead, t)} />
            )}
          </section>

          <section className="lead-drawer__section">
            <h3>{t('adminLeads.priceSection')}</h3>
            <PriceAndPayment lead={lead} />
            <div className="lead-drawer__payment-actions">
              {lead.payment?.hasProof && (
                <Button icon={<FileSearchOutlined />} onClick={() => setProofShown(true)}>
                  {t('adminLeads.viewProof')}
                </Button>
              )}
              {canEdit && canConfirmPayment(lead) && (
                <Button
                  type="primary"
                  icon={<CheckCircleOutlined />}
                  loading={confirmPayment.isPending}
                  onClick={() =>
                    ask(
                      t('adminLeads.confirmPaymentTitle', { name: lead.contactName }),
                      t('adminLeads.confirmPaymentText', { amount: f.money(lead.payment!.amount) }),
                      t('adminLeads.confirmPayment'),
                      () => confirmPayment.mutateAsync(),
                    )
                  }
                >
                  {t('adminLeads.confirmPayment')}
                </Button>
              )}
            </div>
          </section>
          {proofShown && <ProofDialog lead={lead} onClose={() => setProofShown(false)} />}
        </>
      )}
    </FormDrawer>
  );
}

function contactItems(l: Lead, t: Translate): DescriptionsProps['items'] {
  return [
    {
      key: 'reference',
      label: t('adminLeads.reference'),
      children: (
        <Typography.Text copyable code>
          {l.reference}
        </Typography.Text>
      ),
    },
    { key: 'contactName', label: t('adminLeads.contactName'), children: l.contactName },
    { key: 'email', label: t('adminLeads.email'), children: l.email },
    { key: 'phone', label: t('adminLeads.phone'), children: l.phone },
    { key: 'company', label: t('adminLeads.company'), children: l.company },
    { key: 'companySize', label: t('adminLeads.companySize'), children: t(`adminLeads.sizes.${l.companySize}`) },
    { key: 'product', label: t('adminLeads.product'), children: leadProductName(l.product, i18n.language) },
    { key: 'package', label: t('adminLeads.package'), children: t(`adminLeads.packages.${l.package}`) },
    {
      key: 'requirements',
      label: t('adminLeads.requirements'),
      children: l.requirements ? (
        <span className="lead-drawer__requirements">{l.requirements}</span>
      ) : (
        <span className="muted-text">{t('adminLeads.noRequirements')}</span>
      ),
    },
  ];
}

function PriceAndPayment({ lead: l }: { lead: Lead }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (v: string) => <span className="amount-text">{f.money(v)}</span>;
  const items: DescriptionsProps['items'] = [
    {
      key: 'promo',
      label: t('adminLeads.promoCode'),
      children: l.promoCode ? <span className="code-text">{l.promoCode}</span> : <span className="muted-text">{t('adminLeads.noPromo')}</span>,
    },
    { key: 'channel', label: t('adminLeads.channel'), children: t(`adminLeads.channels.${l.channel}`) },
    { key: 'price', label: t('adminLeads.price'), children: money(l.price) },
    { key: 'discount', label: t('adminLeads.discount'), children: money(l.discount) },
    { key: 'amount', label: t('adminLeads.amount'), children: <strong>{money(l.amount)}</strong> },
    { key: 'createdAt', label: t('adminLeads.createdAt'), children: f.dateTime(l.createdAt) },
  ];
  if (!l.payment) items.push({ key: 'payment', label: t('adminLeads.payment'), children: <span className="muted-text">{t('adminLeads.noPayment')}</span> });
  else
    items.push(
      { key: 'method', label: t('adminLeads.paymentMethod'), children: t(`adminLeads.paymentMethods.${l.payment.method}`) },
      { key: 'paymentStatus', label: t('adminLeads.paymentStatus'), children: <PaymentStatusTag status={l.payment.status} /> },
      { key: 'orderId', label: t('adminLeads.orderId'), children: <span className="code-text">{l.payment.orderId}</span> },
      ...(l.payment.paidAt ? [{ key: 'paidAt', label: t('adminLeads.paidAt'), children: f.dateTime(l.payment.paidAt) }] : []),
    );
  return <Descriptions column={1} size="small" bordered items={items} />;
}
