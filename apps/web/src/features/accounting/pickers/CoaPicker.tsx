import { endpoints, type CoaAccount, type CoaGroupPurpose } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../../../app/components/LazySelect.tsx';
import { usePickedLabel, type PickerProps } from '../../../app/components/pickers/picked-label.ts';

const label = (c: Pick<CoaAccount, 'coaCode' | 'coaName'>) => `${c.coaCode} - ${c.coaName}`;
export const coaLabel = label;

const getCoa = async (coaId: string, signal: AbortSignal) => label(await call(endpoints.getCoa, { params: { coaId }, signal }));

/**
 * Active accounts, optionally only those of the COA groups with a purpose (cash banks: 'cash' or 'bank'), and for a
 * cash bank only the accounts no other cash bank uses (`freeForCashBank`: 'new', or the edited cash bank's id).
 */
export function CoaPicker({
  value,
  onChange,
  knownLabel,
  purpose,
  freeForCashBank,
  ...rest
}: PickerProps & { purpose?: CoaGroupPurpose; freeForCashBank?: string }) {
  const knownLabels = usePickedLabel('coa', value, knownLabel, getCoa);
  return (
    <LazySelect<string | undefined>
      cacheKey={['erp', 'coa', purpose ?? 'any', freeForCashBank ?? 'all']}
      fetchPage={async (keyword, limit, signal) => {
        const { items } = await call(endpoints.listCoa, {
          query: { page: 1, limit, keyword: keyword || undefined, purpose, active: 'Y', freeForCashBank },
          signal,
        });
        return items.map((c) => ({ value: c.coaId, label: label(c) }));
      }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={knownLabels}
      {...rest}
    />
  );
}
