import { Input } from 'antd';
import { OrgUnitPicker } from '../../../app/components/pickers/OrgUnitPicker.tsx';
import { CoaPicker } from '../pickers/CoaPicker.tsx';
import { PartnerPicker } from '../pickers/PartnerPicker.tsx';
import { AmountInput } from './AmountInput.tsx';
import type { LineColumn } from './type-ui.ts';

/** The line columns types share; a type lists the ones its grid shows, in order. */
export const lineColumns = {
  account: {
    label: 'journals.account',
    width: 'minmax(0, 2fr)',
    cell: ({ line, set, disabled, label, heading }) => (
      <CoaPicker value={line.coaId} onChange={(coaId) => set({ coaId })} disabled={disabled} aria-label={label} placeholder={heading} />
    ),
  },
  ou: {
    label: 'journals.ou',
    width: 'minmax(0, 1.2fr)',
    cell: ({ line, set, disabled, label }) => <OrgUnitPicker value={line.ouId} onChange={(ouId) => set({ ouId })} disabled={disabled} aria-label={label} />,
  },
  partner: {
    label: 'journals.partner',
    width: 'minmax(0, 1.2fr)',
    cell: ({ line, set, disabled, label }) => (
      <PartnerPicker value={line.partnerId} onChange={(partnerId) => set({ partnerId })} disabled={disabled} aria-label={label} />
    ),
  },
  memo: {
    label: 'journals.memo',
    width: 'minmax(0, 1.5fr)',
    cell: ({ line, set, disabled, label }) => (
      <Input value={line.memo} maxLength={200} disabled={disabled} aria-label={label} onChange={(e) => set({ memo: e.target.value })} />
    ),
  },
  /** A journal's sides: typing one clears the other. */
  debit: {
    label: 'journals.debit',
    width: 'minmax(110px, 140px)',
    numeric: true,
    cell: ({ line, set, disabled, label }) => (
      <AmountInput value={line.debit} disabled={disabled} label={label} onChange={(debit) => set({ debit, credit: debit ? '' : line.credit })} />
    ),
  },
  credit: {
    label: 'journals.credit',
    width: 'minmax(110px, 140px)',
    numeric: true,
    cell: ({ line, set, disabled, label }) => (
      <AmountInput value={line.credit} disabled={disabled} label={label} onChange={(credit) => set({ credit, debit: credit ? '' : line.debit })} />
    ),
  },
  /** A one-sided line's amount (kept in `debit`). */
  amount: {
    label: 'journals.amount',
    width: 'minmax(120px, 160px)',
    numeric: true,
    cell: ({ line, set, disabled, label }) => <AmountInput value={line.debit} disabled={disabled} label={label} onChange={(debit) => set({ debit })} />,
  },
} satisfies Record<string, LineColumn>;
