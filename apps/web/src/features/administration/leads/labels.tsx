import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LeadStatus, PaymentStatus } from '@nusa/contracts';
import { useLanguage } from '../../../i18n/index.ts';
import { PAYMENT_COLORS, STATUS_COLORS } from './lead-rules.ts';

export function LeadStatusTag({ status }: { status: LeadStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`adminLeads.statuses.${status}`)}</Tag>;
}

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Tag color={PAYMENT_COLORS[status]}>{t(`adminLeads.paymentStatuses.${status}`)}</Tag>;
}

/** Dates in the user's language: a timestamp with its time, a calendar day without. */
export function useDateFormat() {
  const language = useLanguage();
  return {
    dateTime: (iso: string) => dayjs(iso).locale(language).format('D MMM YYYY, HH:mm'),
    day: (date: string) => dayjs(date).locale(language).format('D MMM YYYY'),
  };
}
