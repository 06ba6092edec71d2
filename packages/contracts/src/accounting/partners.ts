import { z } from 'zod';
import { decimalString, erpAccess, masterCode, masterEndpoints, masterName, yesNo } from './warehouses.ts';

/**
 * Customers and suppliers are one `partners` table with a partner type (CUSTOMER or SUPPLIER) rather than two
 * flags: the spec's combo field is a single typePartnerCode, codes are unique per type (spec 5), and each type has
 * its own tasks (ErpCustomer, ErpSupplier), so the API serves them under two paths with the same shapes. A company
 * that is both customer and supplier is two records, as each side has its own credit limit and addresses.
 */
export const PARTNER_TYPES = ['CUSTOMER', 'SUPPLIER'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

/** Spec 3: address roles. */
export const ADDRESS_ROLES = ['MAILING', 'BILLING', 'SHIPPING', 'OTHERS'] as const;
export type AddressRole = (typeof ADDRESS_ROLES)[number];

/** Spec 5: a phone number has more than 10 characters; the server answers partner_phone_too_short. */
export const PHONE_MIN_LENGTH = 11;
const phoneText = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[0-9+()\- ]+$/, 'digits, +, (, ), - and spaces');

const geoDegrees = z
  .string()
  .trim()
  .regex(/^-?\d{1,3}(\.\d{1,7})?$/, 'degrees with at most 7 decimals');

export const partnerAddress = z.object({
  address: z.string().trim().min(1).max(500),
  city: z.string().trim().max(100).nullable().default(null),
  postalCode: z
    .string()
    .trim()
    .max(10)
    .regex(/^[0-9A-Za-z -]*$/, 'a postal code')
    .nullable()
    .default(null),
  roles: z.array(z.enum(ADDRESS_ROLES)).min(1).max(4),
  /** Map position; both or neither, latitude -90..90, longitude -180..180 (partner_geo_position_invalid). */
  latitude: geoDegrees.nullable().default(null),
  longitude: geoDegrees.nullable().default(null),
});
export type PartnerAddress = z.output<typeof partnerAddress>;

export const partner = z.object({
  partnerId: z.string(),
  partnerCode: z.string(),
  partnerName: z.string(),
  typePartnerCode: z.enum(PARTNER_TYPES),
  alias: z.string().nullable(),
  lineOfBusiness: z.string().nullable(),
  /** Spec 3: rank styles 1 to 5. */
  rank: z.number().int().min(1).max(5),
  phones: z.array(z.string()),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  /** Credit limit, a decimal string above 0 (spec 5), or null for none set. */
  creditLimit: z.string().nullable(),
  addresses: z.array(partnerAddress.extend({ addressId: z.string() })),
  active: yesNo,
});
export type Partner = z.infer<typeof partner>;

export const partnerInput = z.object({
  partnerCode: masterCode.default(''),
  partnerName: masterName,
  alias: z.string().trim().max(100).nullable().default(null),
  lineOfBusiness: z.string().trim().max(100).nullable().default(null),
  rank: z.number().int().min(1).max(5).default(1),
  phones: z.array(phoneText).max(5).default([]),
  fax: phoneText.nullable().default(null),
  email: z.email().max(200).nullable().default(null),
  creditLimit: decimalString.nullable().default(null),
  addresses: z.array(partnerAddress).max(20).default([]),
});
export type PartnerInput = z.output<typeof partnerInput>;

/** The partner list's sort fields (its table's columns). */
export const PARTNER_SORT = ['code', 'name', 'rank', 'creditLimit', 'active'] as const;

const filters = { rank: z.coerce.number().int().min(1).max(5).optional() };

const customers = masterEndpoints({
  path: '/v1/erp/customers',
  label: 'customer',
  idName: 'partnerId',
  item: partner,
  input: partnerInput,
  filters,
  sort: PARTNER_SORT,
  access: erpAccess('Customer'),
});
const suppliers = masterEndpoints({
  path: '/v1/erp/suppliers',
  label: 'supplier',
  idName: 'partnerId',
  item: partner,
  input: partnerInput,
  filters,
  sort: PARTNER_SORT,
  access: erpAccess('Supplier'),
});

export const partnerEndpoints = {
  listCustomers: customers.list,
  getCustomer: customers.get,
  createCustomer: customers.create,
  updateCustomer: customers.update,
  setCustomerActive: customers.setActive,
  deleteCustomer: customers.remove,
  exportCustomers: customers.export,
  importCustomers: customers.import,
  listSuppliers: suppliers.list,
  getSupplier: suppliers.get,
  createSupplier: suppliers.create,
  updateSupplier: suppliers.update,
  setSupplierActive: suppliers.setActive,
  deleteSupplier: suppliers.remove,
  exportSuppliers: suppliers.export,
  importSuppliers: suppliers.import,
};
