import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../../../app/components/LazySelect.tsx';

const fetchCurrencyCodes = async (keyword: string, limit: number, signal: AbortSignal) => {
  const { items } = await call(endpoints.listCurrencies, { query: { page: 1, limit, keyword: keyword || undefined }, signal });
  return items.filter((c) => c.active === 'Y').map((c) => ({ value: c.currencyCode, label: `${c.currencyCode} - ${c.currencyName}` }));
};

interface Props {
  value?: string | null;
  onChange?: (code: string | null) => void;
  placeholder?: string;
  autoFocus?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
}

/** Active currencies by ISO code (exchange rates name currencies by code), the book currency first; lazy dropdown. */
export function CurrencyCodePicker({ value, onChange, ...rest }: Props) {
  return (
    <LazySelect<string | undefined>
      cacheKey={['erp', 'currency-codes']}
      fetchPage={fetchCurrencyCodes}
      value={value ?? undefined}
      onChange={(code) => onChange?.(code ?? null)}
      {...rest}
    />
  );
}
