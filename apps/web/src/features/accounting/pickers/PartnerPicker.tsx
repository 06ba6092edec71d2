import { endpoints } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../../../app/components/LazySelect.tsx';
import { usePickedLabel, type PickerProps } from '../../../app/components/pickers/picked-label.ts';

const getPartner = async (partnerId: string, signal: AbortSignal) => {
  const p = await call(endpoints.getCustomer, { params: { partnerId }, signal }).catch(() => call(endpoints.getSupplier, { params: { partnerId }, signal }));
  return `${p.partnerCode} - ${p.partnerName}`;
};

/** Customers and suppliers, searched by code or name (a cash document or journal line names either). */
export function PartnerPicker({ value, onChange, knownLabel, ...rest }: PickerProps) {
  const knownLabels = usePickedLabel('partner', value, knownLabel, getPartner);
  return (
    <LazySelect<string | undefined>
      cacheKey={['erp', 'partners']}
      fetchPage={async (keyword, limit, signal) => {
        const query = { page: 1, limit, keyword: keyword || undefined, active: 'Y' as const };
        const [customers, suppliers] = await Promise.all([call(endpoints.listCustomers, { query, signal }), call(endpoints.listSuppliers, { query, signal })]);
        return [...customers.items, ...suppliers.items].map((p) => ({ value: p.partnerId, label: `${p.partnerCode} - ${p.partnerName}` }));
      }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={knownLabels}
      {...rest}
    />
  );
}
