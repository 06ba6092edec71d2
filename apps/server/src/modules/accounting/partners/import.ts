import type { Readable } from 'node:stream';
import { partnerInput, type PartnerInput, type PartnerType } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Actor } from '../../../platform/audit/write.ts';
import { canonicalDecimal, sameFields, validated } from '../../../platform/files/sheet-import.ts';
import { importSheet } from '../../../platform/records/import.ts';
import { createPartner, findPartnerByCode, PARTNER_SHEETS, setPartnerActive, updatePartner } from './service.ts';

/** The partner fields a row sets; addresses are edited on the form and kept by the import. */
const rowFields = (p: Omit<PartnerInput, 'addresses'>) => ({
  partnerCode: p.partnerCode,
  partnerName: p.partnerName,
  alias: p.alias,
  lineOfBusiness: p.lineOfBusiness,
  rank: p.rank,
  phones: p.phones,
  fax: p.fax,
  email: p.email,
  creditLimit: p.creditLimit,
});

/** Customers or suppliers from xlsx: upsert by code through the partner service (its phone and credit-limit rules). */
export function importPartners(tx: Tx, actor: Actor, type: PartnerType, file: Readable) {
  return importSheet(tx, file, PARTNER_SHEETS[type], {
    required: ['partnerCode', 'partnerName'],
    keyColumn: 'partnerCode',
    find: (code) => findPartnerByCode(tx, type, code),
    columnOf: { credit_limit_must_be_positive: 'creditLimit', partner_phone_too_short: 'phones' },
    parse: (row) => {
      const phones = row
        .text('phones')
        ?.split(/[,;]/)
        .map((p) => p.trim())
        .filter(Boolean);
      const input = validated(partnerInput, {
        partnerCode: row.text('partnerCode'),
        partnerName: row.text('partnerName'),
        alias: row.text('alias'),
        lineOfBusiness: row.text('lineOfBusiness'),
        rank: row.int('rank'),
        phones,
        fax: row.text('fax'),
        email: row.text('email'),
        creditLimit: row.text('creditLimit'),
      });
      return { input: { ...input, creditLimit: canonicalDecimal(input.creditLimit) }, active: row.flag('active') };
    },
    codeOf: (input) => input.partnerCode,
    same: (p, input) => sameFields(p, rowFields(input)),
    create: (input) => createPartner(tx, actor, type, input),
    update: (p, input) => updatePartner(tx, actor, type, p.partnerId, { ...input, addresses: p.addresses.map(({ addressId: _, ...a }) => a) }),
    setActive: (p, a) => setPartnerActive(tx, actor, type, p.partnerId, a),
  });
}
