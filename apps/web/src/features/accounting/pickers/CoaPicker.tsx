import { endpoints, type CoaAccount, type CoaGroupPurpose } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../../../app/components/LazySelect.tsx';
import { usePickedLabel, type PickerProps } from './picked-label.ts';

const label = (c: Pick<CoaAccount, 'coaCode' | 'coaName'>) => `${c.coaCode} - ${c.coaName}`;
export const coaLabel = label;

const getCoa = async (coaId: string, signal: AbortSignal) => label(await call(endpoints.getCoa, { params: { coaId }, signal }));

/** Active accounts, optionally only those of the COA groups with a purpose (cash banks: 'cash' or 'bank'). */
export function CoaPicker({ value, onChange, knownLabel, purpose, ...rest }: PickerProps & { purpose?: CoaGroupPurpose }) {
  const knownLabels = usePickedLabel('coa', value, knownLabel, getCoa);
  return (
    <LazySelect<string | undefined>
      cacheKey={['erp', 'coa', purpose ?? 'any']}
      fetchPage={async (keyword, limit, signal) => {
        const { items } = await call(endpoints.listCoa, { query: { page: 1, limit, keyword: keyword || undefined, purpose, active: 'Y' }, signal });
        return items.map((c) => ({ value: c.coaId, label: label(c) }));
      }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={knownLabels}
      {...rest}
    />
  );
}
