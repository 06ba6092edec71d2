import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LeadStatus, PaymentStatus } from '@nusa/contracts';
import { PAYMENT_COLORS, STATUS_COLORS } from './lead-rules.ts';

export function LeadStatusTag({ status }: { status: LeadStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`adminLeads.statuses.${status}`)}</Tag>;
}

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Tag color={PAYMENT_COLORS[status]}>{t(`adminLeads.paymentStatuses.${status}`)}</Tag>;
}
