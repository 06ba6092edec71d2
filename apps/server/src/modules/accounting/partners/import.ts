import type { Readable } from 'node:stream';
import { partnerInput, type PartnerInput, type PartnerType } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { canonicalDecimal, exportedCells, importRecords, sameFields, upsertRecord, validated, type SheetColumns } from '../../../platform/files/sheet-import.ts';
import { createPartner, findPartnerByCode, HEADERS, partnerSheetColumns, setPartnerActive, updatePartner } from './service.ts';

/** Export columns the import reads (the export's addresses column, one text of many addresses, is not read back). */
const KEYS = ['partnerCode', 'partnerName', 'alias', 'lineOfBusiness', 'rank', 'phones', 'fax', 'email', 'creditLimit', null, 'active'] as const;
type Key = Exclude<(typeof KEYS)[number], null>;
export const PARTNER_COLUMNS = Object.fromEntries(KEYS.flatMap((k, i) => (k ? [[k, { id: HEADERS.id[i], en: HEADERS.en[i] }]] : []))) as SheetColumns<Key>;

/** The partner fields a row sets; addresses are edited on the form and kept by the import. */
const rowFields = (p: Omit<PartnerInput, 'addresses'>) => ({
  partnerCode: p.partnerCode, partnerName: p.partnerName, alias: p.alias, lineOfBusiness: p.lineOfBusiness, rank: p.rank,
  phones: p.phones, fax: p.fax, email: p.email, creditLimit: p.creditLimit,
});

/** Customers or suppliers from xlsx: upsert by code through the partner service (its phone and credit-limit rules). */
export function importPartners(tx: Tx, actor: Actor, type: PartnerType, file: Readable) {
  return importRecords(tx, file, {
    columns: PARTNER_COLUMNS,
    required: ['partnerCode', 'partnerName'],
    keyColumn: 'partnerCode',
    stored: async (row) => {
      const code = row.text('partnerCode');
      const stored = code ? await findPartnerByCode(tx, type, code) : undefined;
      return stored && exportedCells(PARTNER_COLUMNS, partnerSheetColumns('id'), stored);
    },
    columnOf: { credit_limit_must_be_positive: 'creditLimit', partner_phone_too_short: 'phones' },
    parse: (row) => {
      const phones = row.text('phones')?.split(/[,;]/).map((p) => p.trim()).filter(Boolean);
      const input = validated(partnerInput, {
        partnerCode: row.text('partnerCode'), partnerName: row.text('partnerName'), alias: row.text('alias'), lineOfBusiness: row.text('lineOfBusiness'),
        rank: row.int('rank'), phones, fax: row.text('fax'), email: row.text('email'), creditLimit: row.text('creditLimit'),
      });
      return { input: { ...input, creditLimit: canonicalDecimal(input.creditLimit) }, active: row.flag('active') };
    },
    keyOf: (v) => v.input.partnerCode.toLowerCase(),
    save: async ({ input, active }, guard) => upsertRecord({
      guard,
      stored: input.partnerCode ? await findPartnerByCode(tx, type, input.partnerCode) : undefined,
      active,
      same: (p) => sameFields(p, rowFields(input)),
      create: () => createPartner(tx, actor, type, input),
      update: (p) => updatePartner(tx, actor, type, p.partnerId, { ...input, addresses: p.addresses.map(({ addressId: _, ...a }) => a) }),
      setActive: (p, a) => setPartnerActive(tx, actor, type, p.partnerId, a),
    }),
  });
}
