import { endpoints, type OrgUnit, type OuTypeCode } from '@nusa/contracts';
import { call } from '../../../api/call.ts';
import { LazySelect } from '../LazySelect.tsx';
import { usePickedLabel, type PickerProps } from './picked-label.ts';
import { resourceKeyOf } from '../../../api/query-keys.ts';

const label = (u: OrgUnit) => `${u.ouCode} - ${u.ouName}`;

const getOrgUnit = async (ouId: string, signal: AbortSignal) => label(await call(endpoints.getOrgUnit, { params: { ouId }, signal }));

/**
 * Active organisation units, optionally of one type (lazy dropdown). OU policies restrict what users of an OU may
 * pick inside it (partners, cash banks …), not the OUs themselves, so every active unit is offered.
 */
export function OrgUnitPicker({ value, onChange, knownLabel, type, ...rest }: PickerProps & { type?: OuTypeCode }) {
  const knownLabels = usePickedLabel('org-unit', value, knownLabel, getOrgUnit);
  return (
    <LazySelect<string | undefined>
      cacheKey={[...resourceKeyOf(endpoints.listOrgUnits), type ?? 'any']}
      fetchPage={async (keyword, limit, signal) => {
        const { items } = await call(endpoints.listOrgUnits, { query: { page: 1, limit, keyword: keyword || undefined, type }, signal });
        return items.filter((u) => u.active === 'Y').map((u) => ({ value: u.ouId, label: label(u) }));
      }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      knownLabels={knownLabels}
      {...rest}
    />
  );
}
