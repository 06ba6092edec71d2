import type { AddressRole, Partner, PartnerInput } from '@nusa/contracts';

export interface AddressValues {
  address: string;
  city: string;
  postalCode: string;
  roles: AddressRole[];
  latitude: string;
  longitude: string;
}

/** The partner form's values: optional texts as '' and the credit limit as a decimal string (MoneyInput). */
export interface PartnerValues {
  partnerCode: string;
  partnerName: string;
  alias: string;
  lineOfBusiness: string;
  rank: number;
  phones: string[];
  fax: string;
  email: string;
  creditLimit: string | null;
  addresses: AddressValues[];
}

export const emptyAddress = (): AddressValues => ({ address: '', city: '', postalCode: '', roles: [], latitude: '', longitude: '' });

export const partnerValues = (row?: Partner): PartnerValues =>
  row
    ? {
        partnerCode: row.partnerCode,
        partnerName: row.partnerName,
        alias: row.alias ?? '',
        lineOfBusiness: row.lineOfBusiness ?? '',
        rank: row.rank,
        phones: row.phones,
        fax: row.fax ?? '',
        email: row.email ?? '',
        creditLimit: row.creditLimit,
        addresses: row.addresses.map((a) => ({
          address: a.address,
          city: a.city ?? '',
          postalCode: a.postalCode ?? '',
          roles: a.roles,
          latitude: a.latitude ?? '',
          longitude: a.longitude ?? '',
        })),
      }
    : { partnerCode: '', partnerName: '', alias: '', lineOfBusiness: '', rank: 1, phones: [], fax: '', email: '', creditLimit: null, addresses: [] };

const text = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/** Form values → the contract body: trimmed, blanks as null, empty phone rows dropped, coordinates as typed strings. */
export const partnerBody = (v: PartnerValues): PartnerInput => ({
  partnerCode: v.partnerCode?.trim() ?? '',
  partnerName: v.partnerName.trim(),
  alias: text(v.alias),
  lineOfBusiness: text(v.lineOfBusiness),
  rank: v.rank,
  phones: (v.phones ?? []).map((p) => p?.trim() ?? '').filter(Boolean),
  fax: text(v.fax),
  email: text(v.email),
  creditLimit: v.creditLimit?.trim() ? v.creditLimit.trim() : null,
  addresses: (v.addresses ?? []).map((a) => ({
    address: a.address.trim(),
    city: text(a.city),
    postalCode: text(a.postalCode),
    roles: a.roles,
    latitude: text(a.latitude),
    longitude: text(a.longitude),
  })),
});

/** Degrees as the server takes them: at most 3 digits before and 7 after the point, within ±limit. */
export function validDegrees(value: string, limit: 90 | 180): boolean {
  if (!/^-?\d{1,3}(\.\d{1,7})?$/.test(value.trim())) return false;
  return Math.abs(Number(value)) <= limit;
}
