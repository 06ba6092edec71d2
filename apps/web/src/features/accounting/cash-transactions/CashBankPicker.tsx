import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../../../app/components/LazySelect.tsx';

/** Active cash banks, searched by code or name, with their currency. */
export function CashBankPicker({
  value,
  onChange,
  knownLabel,
  ...rest
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  knownLabel?: string;
  id?: string;
  disabled?: boolean;
}) {
  return (
    <LazySelect<string | undefined>
      cacheKey={['erp', 'cash-banks', 'active']}
      fetchPage={async (keyword, limit, signal) => {
        const { items } = await call(endpoints.listCashBanks, { query: { page: 1, limit, keyword: keyword || undefined, active: 'Y' }, signal });
        return items.map((c) => ({ value: c.cashBankId, label: `${c.cashBankCode} - ${c.cashBankName} (${c.currencyCode})` }));
      }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={value && knownLabel ? { [value]: knownLabel } : undefined}
      {...rest}
    />
  );
}
