import { z } from 'zod';
import { XLSX_CONTENT_TYPE, defineEndpoint, listOf, listQuery, sortBy } from '../endpoint.ts';
import { importEndpoint } from './sheet-import.ts';

/** Cash and bank (spec 5, issue 4): code, name, type cash or bank, COA, currency, OU (required for a bank). */

export const CASH_BANK_TYPES = ['CASH', 'BANK'] as const;
export type CashBankType = (typeof CASH_BANK_TYPES)[number];
export const CASH_BANK_CODE_PATTERN = /^[A-Za-z0-9._-]+$/;
/** The entity key of cash-bank blank codes (document templates / nextCode). */
export const CASH_BANK_NUMBERING_KEY = 'cash-bank';

const CASH_BANK_READ = ['readOnlyErpCashBank', 'createEditErpCashBank', 'writeAllErpCashBank', 'readOnlyErpAll', 'createEditErpAll', 'writeAllErpAll'] as const;
const CASH_BANK_EDIT = ['createEditErpCashBank', 'writeAllErpCashBank', 'createEditErpAll', 'writeAllErpAll'] as const;
const CASH_BANK_FULL = ['writeAllErpCashBank', 'writeAllErpAll'] as const;

const YN = z.enum(['Y', 'N']);

export const cashBank = z.object({
  cashBankId: z.string(),
  cashBankCode: z.string(),
  cashBankName: z.string(),
  type: z.enum(CASH_BANK_TYPES),
  coaId: z.string(),
  coaCode: z.string(),
  coaName: z.string(),
  currencyId: z.string(),
  currencyCode: z.string(),
  ouId: z.string().nullable(),
  ouCode: z.string().nullable(),
  ouName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  active: YN,
});
export type CashBank = z.infer<typeof cashBank>;

export const cashBankInput = z.object({
  /** Blank: the next code of the `cash-bank` numbering (its document template, else CB00001, CB00002 ...). */
  cashBankCode: z
    .string()
    .trim()
    .max(20)
    .regex(/^([A-Za-z0-9._-]*)$/, 'letters, digits, dot, dash or underscore, no spaces')
    .default(''),
  cashBankName: z.string().trim().min(1).max(100),
  type: z.enum(CASH_BANK_TYPES),
  coaId: z.uuid(),
  currencyId: z.uuid(),
  ouId: z.uuid().nullable().default(null),
  accountNumber: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9 .-]*$/, 'digits, spaces, dots and dashes')
    .nullable()
    .default(null),
});
export type CashBankInput = z.input<typeof cashBankInput>;

/** The cash bank list's sort fields (its table's columns). */
export const CASH_BANK_SORT = ['code', 'name', 'type', 'accountNumber', 'active'] as const;

const cashBankId = z.object({ cashBankId: z.uuid() });
/** What the list filters by besides the keyword; its export takes the same. */
const cashBankFilters = { type: z.enum(CASH_BANK_TYPES).optional(), active: YN.optional(), sort: sortBy(CASH_BANK_SORT) };

export const cashBankEndpoints = {
  listCashBanks: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/cash-banks',
    access: CASH_BANK_READ,
    summary: 'Cash banks; filter by type and active',
    query: listQuery.extend(cashBankFilters),
    response: listOf(cashBank),
  }),
  exportCashBanks: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/cash-banks/export',
    access: CASH_BANK_READ,
    summary: "Cash banks of the list's filters as an xlsx file",
    query: z.object({ keyword: listQuery.shape.keyword, ...cashBankFilters, lang: z.enum(['id', 'en']).default('id') }),
    response: z.custom<Uint8Array>(),
    file: { contentType: XLSX_CONTENT_TYPE },
  }),
  importCashBanks: importEndpoint('/v1/erp/cash-banks', 'cash bank', CASH_BANK_EDIT),
  getCashBank: defineEndpoint({
    method: 'GET',
    path: '/v1/erp/cash-banks/{cashBankId}',
    access: CASH_BANK_READ,
    summary: 'One cash bank',
    params: cashBankId,
    response: cashBank,
  }),
  createCashBank: defineEndpoint({
    method: 'POST',
    path: '/v1/erp/cash-banks',
    access: CASH_BANK_EDIT,
    summary: 'Create a cash bank (blank code: generated); its COA must be of the cash or bank group and serve no other cash bank',
    body: cashBankInput,
    response: cashBank,
  }),
  updateCashBank: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/cash-banks/{cashBankId}',
    access: CASH_BANK_EDIT,
    summary: 'Edit a cash bank',
    params: cashBankId,
    body: cashBankInput,
    response: cashBank,
  }),
  setCashBankActive: defineEndpoint({
    method: 'PUT',
    path: '/v1/erp/cash-banks/{cashBankId}/active',
    access: CASH_BANK_EDIT,
    summary: 'Activate (Y) or deactivate (N)',
    params: cashBankId,
    body: z.object({ active: YN }),
    response: cashBank,
  }),
  deleteCashBank: defineEndpoint({
    method: 'DELETE',
    path: '/v1/erp/cash-banks/{cashBankId}',
    access: CASH_BANK_FULL,
    summary: 'Delete a cash bank',
    params: cashBankId,
    response: z.object({ ok: z.literal(true) }),
  }),
};
