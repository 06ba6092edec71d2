import { endpoints, type Currency } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../../../app/components/LazySelect.tsx';
import { usePickedLabel, type PickerProps } from '../../../app/components/pickers/picked-label.ts';

const label = (c: Currency) => `${c.currencyCode} - ${c.currencyName}`;

const fetchCurrencies = async (keyword: string, limit: number, signal: AbortSignal) => {
  const { items } = await call(endpoints.listCurrencies, { query: { page: 1, limit, keyword: keyword || undefined }, signal });
  return items.filter((c) => c.active === 'Y').map((c) => ({ value: c.currencyId, label: label(c) }));
};

const getCurrency = async (currencyId: string, signal: AbortSignal) => label(await call(endpoints.getCurrency, { params: { currencyId }, signal }));

/** Active currencies, the book currency first (lazy dropdown). */
export function CurrencyPicker({ value, onChange, knownLabel, ...rest }: PickerProps) {
  const knownLabels = usePickedLabel('currency', value, knownLabel, getCurrency);
  return (
    <LazySelect<string | undefined>
      cacheKey={['erp', 'currencies']}
      fetchPage={fetchCurrencies}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={knownLabels}
      {...rest}
    />
  );
}
