import type { TFunction } from 'i18next';

/**
 * How a customer is named on the service screens: their name from the channel, else a web visitor by the last characters
 * of their visitor id, a virtual-chat tester as such, else the channel's id of them (a phone number, a Telegram chat).
 */
export function customerLabel(c: { customerName: string; customerKey: string }, t: TFunction): string {
  if (c.customerName) return c.customerName;
  if (c.customerKey.startsWith('web:')) return t('serviceInbox.webVisitor', { id: c.customerKey.slice(-6) });
  if (c.customerKey.startsWith('virtual:')) return t('serviceInbox.virtualCustomer');
  return c.customerKey;
}
