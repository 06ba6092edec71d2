import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { todayInJakarta, type CashPaymentMethod } from '@nusa/contracts';
import { withTenant } from '../../platform/db/tenant.ts';
import { Money, toDecimalString } from '../../platform/money/decimal.ts';
import type { DocumentLineRow, DocumentRow } from '../../modules/accounting/documents/index.ts';
import { documentHistory, documentLines, documents } from '../../modules/accounting/documents/schema.ts';
import { assertPostableAccounts } from '../../modules/accounting/documents/index.ts';
import { assertBalancedLines } from '../../modules/accounting/journals/index.ts';
import { DOCUMENT_TYPES } from '../../modules/accounting/document-types.ts';
import { cashTransactions } from '../../modules/accounting/cash-transactions/schema.ts';
import { nextCode } from '../../modules/accounting/document-templates/service.ts';
import { postDocuments } from '../../modules/accounting/ledger/service.ts';

/** A small deterministic generator, so every fresh demo shows the same year. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The first day of the month `back` months before `today`'s (YYYY-MM-01). */
function monthStart(today: string, back: number): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1 - back;
  const d = new Date(Date.UTC(y, m, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
}
const dayOf = (month: string, day: number) => `${month.slice(0, 8)}${pad(day)}`;
/** Rupiah amounts rounded to thousands, as people book them. */
const rupiah = (n: number) => String(Math.round(n / 1000) * 1000);

interface Planned {
  row: DocumentRow;
  lines: DocumentLineRow[];
  payment?: { paymentMethod: CashPaymentMethod; paymentReference: string | null };
  draft: boolean;
}

/**
 * A year of the demo company's bookings up to today, so that every report has something to show on first start: the
 * opening balances on the first day, then each month rent, salaries, utilities and depreciation, sales received into
 * the bank and the cash box, purchases paid from the bank, and a top-up of petty cash from the bank; this month's last
 * two documents stay drafts. Bulk but correct: the lines pass the journal checks (balanced, postable accounts), the
 * numbers come from the document templates (gap-free), each release's ledger lines are its type's `postingLines` (as
 * the engine's release computes them) and all postings go in through `postDocuments` in one INSERT, under the
 * database's balance trigger. Only the demo tenant on a fresh start gets it (`npm start`, the e2e server); server
 * tests seed their tenants without it.
 */
export async function seedDemoBookings(pools: { app: pg.Pool }, tenantId: string, today = todayInJakarta()): Promise<number> {
  return withTenant(pools.app, tenantId, async (tx) => {
    const rows = async (text: string) => new Map((await tx.execute<{ code: string; id: string }>(text)).rows.map((r) => [r.code, r.id]));
    const coa = await rows('SELECT code, id FROM coa_accounts');
    const cashBanks = await rows('SELECT code, id FROM cash_banks');
    const partners = await rows('SELECT code, id FROM partners');
    const ous = await rows('SELECT code, id FROM org_units');
    const idr = (await rows('SELECT code, id FROM currencies WHERE is_book')).get('IDR')!;
    const [admin] = (await tx.execute<{ id: string }>(`SELECT id FROM users WHERE username = 'admin'`)).rows;
    const userId = admin!.id;
    const next = random(2026);
    const c = (code: string) => coa.get(code)!;
    const planned: Planned[] = [];

    const plan = (
      type: 'JV' | 'CI' | 'CO',
      documentDate: string,
      remarks: string,
      lines: { coaId: string; debit: string; credit: string; partnerId?: string | null }[],
      extra: {
        cashBankId?: string;
        partnerId?: string | null;
        ouId?: string | null;
        reference?: string | null;
        payment?: Planned['payment'];
        draft?: boolean;
      } = {},
    ) => {
      assertBalancedLines(
        type === 'JV'
          ? lines
          : [
              ...lines,
              {
                debit: lines.reduce((s, l) => s.plus(l.credit), new Money(0)).toFixed(),
                credit: lines.reduce((s, l) => s.plus(l.debit), new Money(0)).toFixed(),
              },
            ],
      );
      const id = uuidv7();
      const debit = lines.reduce((s, l) => s.plus(l.debit), new Money(0));
      const credit = lines.reduce((s, l) => s.plus(l.credit), new Money(0));
      const total = toDecimalString(Money.max(debit, credit));
      const at = new Date(`${documentDate}T09:00:00+07:00`);
      const row: DocumentRow = {
        tenantId,
        id,
        type,
        number: '',
        documentDate,
        dueDate: null,
        reference: extra.reference ?? null,
        externalNumber: null,
        externalDate: null,
        remarks,
        currencyId: idr,
        rate: '1',
        ouId: extra.ouId ?? null,
        partnerId: extra.partnerId ?? null,
        cashBankId: extra.cashBankId ?? null,
        status: extra.draft ? 'D' : 'R',
        subStatus: null,
        approvalFlowId: null,
        approvalLevel: null,
        taxAmount: '0',
        totalAmount: total,
        totalBookAmount: total,
        createdBy: userId,
        createdAt: at,
        updatedAt: at,
        submittedAt: extra.draft ? null : at,
        releasedAt: extra.draft ? null : at,
        releasedBy: extra.draft ? null : userId,
      };
      const lineRows: DocumentLineRow[] = lines.map((l, i) => ({
        tenantId,
        documentId: id,
        lineNo: i + 1,
        coaId: l.coaId,
        ouId: null,
        segmentId: null,
        partnerId: l.partnerId ?? null,
        productId: null,
        quantity: null,
        unitPrice: null,
        discountPercent: null,
        discountAmount: null,
        taxCode: null,
        debit: l.debit,
        credit: l.credit,
        bookDebit: l.debit,
        bookCredit: l.credit,
        memo: null,
      }));
      planned.push({ row, lines: lineRows, payment: extra.payment, draft: extra.draft ?? false });
    };
    const journal = (documentDate: string, remarks: string, lines: [string, string, string][], draft = false) =>
      plan(
        'JV',
        documentDate,
        remarks,
        lines.map(([code, debit, credit]) => ({ coaId: c(code), debit, credit })),
        { draft },
      );
    const cash = (
      direction: 'CI' | 'CO',
      documentDate: string,
      cashBank: string,
      remarks: string,
      lines: [string, string][],
      extra: { partner?: string; ou?: string; method?: CashPaymentMethod; ref?: string; draft?: boolean } = {},
    ) => {
      const partnerId = extra.partner ? partners.get(extra.partner)! : null;
      plan(
        direction,
        documentDate,
        remarks,
        lines.map(([code, amount]) => ({ coaId: c(code), debit: direction === 'CO' ? amount : '0', credit: direction === 'CI' ? amount : '0', partnerId })),
        {
          cashBankId: cashBanks.get(cashBank)!,
          partnerId,
          ouId: extra.ou ? ous.get(extra.ou)! : null,
          reference: extra.ref ?? null,
          payment: { paymentMethod: extra.method ?? 'TRANSFER', paymentReference: extra.ref ?? null },
          draft: extra.draft,
        },
      );
    };

    const first = monthStart(today, 11);
    journal(first, 'Saldo awal', [
      ['1101', '45000000', '0'],
      ['1102', '5000000', '0'],
      ['1201.01', '780000000', '0'],
      ['1201.02', '215000000', '0'],
      ['1301', '96000000', '0'],
      ['1401', '320000000', '0'],
      ['1704', '180000000', '0'],
      ['2101', '0', '134000000'],
      ['3101', '0', '1200000000'],
      ['3102', '0', '307000000'],
    ]);

    const customers = ['CUS-0001', 'CUS-0002', 'CUS-0003'];
    const suppliers = ['SUP-0001', 'SUP-0002'];
    for (let back = 11; back >= 0; back--) {
      const month = monthStart(today, back);
      const lastDay = back === 0 ? Number(today.slice(8, 10)) : 28;
      const inMonth = (day: number) => day <= lastDay;
      const growth = 1 + (11 - back) * 0.02;
      const label = month.slice(0, 7);
      if (inMonth(5)) cash('CO', dayOf(month, 5), 'CB00003', `Sewa kantor ${label}`, [['6102', '25000000']], { method: 'TRANSFER', ref: `SEWA-${label}` });
      if (inMonth(10)) {
        cash('CO', dayOf(month, 10), 'CB00003', `Listrik, air dan internet ${label}`, [
          ['6103', rupiah(4_500_000 + next() * 1_500_000)],
          ['6104', rupiah(1_150_000 + next() * 200_000)],
        ]);
        journal(dayOf(month, 10), `Pengisian kas kecil ${label}`, [
          ['1102', '3000000', '0'],
          ['1201.02', '0', '3000000'],
        ]);
      }
      for (let i = 0; i < 8; i++) {
        const day = 2 + i * 3;
        if (!inMonth(day)) break;
        const toBank = i % 4 !== 3;
        cash(
          'CI',
          dayOf(month, day),
          toBank ? 'CB00003' : 'CB00001',
          `Penerimaan penjualan ${label}-${i + 1}`,
          [['4101', rupiah((18_000_000 + next() * 42_000_000) * growth)]],
          {
            partner: customers[i % customers.length],
            ou: i % 2 === 0 ? 'JKT' : 'SBY',
            method: toBank ? 'TRANSFER' : 'CASH',
            ref: toBank ? `TRF-${label}-${i + 1}` : undefined,
          },
        );
      }
      for (let i = 0; i < 5; i++) {
        const day = 4 + i * 5;
        if (!inMonth(day)) break;
        cash(
          'CO',
          dayOf(month, day),
          'CB00003',
          `Pembelian persediaan ${label}-${i + 1}`,
          [
            ['1401', rupiah((12_000_000 + next() * 28_000_000) * growth)],
            ['7201', '6500'],
          ],
          {
            partner: suppliers[i % suppliers.length],
            method: i === 4 ? 'GIRO' : 'TRANSFER',
            ref: `PO-${label}-${i + 1}`,
          },
        );
      }
      if (inMonth(25)) cash('CO', dayOf(month, 25), 'CB00003', `Gaji karyawan ${label}`, [['6101', rupiah(86_000_000 * growth)]]);
      if (inMonth(28))
        journal(dayOf(month, 28), `Penyusutan peralatan ${label}`, [
          ['6105', '3750000', '0'],
          ['1710.03', '0', '3750000'],
        ]);
    }
    // Two of this month's documents wait as drafts, as a working month has some.
    cash('CI', today, 'CB00001', 'Penerimaan tunai toko (belum diajukan)', [['4101', '2750000']], {
      partner: 'CUS-0003',
      ou: 'JKT',
      method: 'CASH',
      draft: true,
    });
    journal(
      today,
      'Koreksi biaya transportasi (draf)',
      [
        ['6107', '850000', '0'],
        ['1102', '0', '850000'],
      ],
      true,
    );

    await assertPostableAccounts(tx, [...new Set(planned.flatMap((p) => p.lines.map((l) => l.coaId!)))]);
    planned.sort((a, b) => a.row.documentDate.localeCompare(b.row.documentDate));
    for (const p of planned) p.row.number = await nextCode(tx, tenantId, p.row.type, p.row.documentDate);
    await tx.insert(documents).values(planned.map((p) => p.row));
    await tx.insert(documentLines).values(planned.flatMap((p) => p.lines));
    const steps = planned.flatMap((p) =>
      [{ action: 'create', fromStatus: null, toStatus: 'D' }, ...(p.draft ? [] : [{ action: 'submit', fromStatus: 'D', toStatus: 'R' }])].map((step) => ({
        tenantId,
        id: uuidv7(),
        documentId: p.row.id,
        at: p.row.createdAt,
        userId,
        ...step,
      })),
    );
    await tx.insert(documentHistory).values(steps);
    const payments = planned.filter((p) => p.payment).map((p) => ({ tenantId, documentId: p.row.id, ...p.payment! }));
    await tx.insert(cashTransactions).values(payments);
    const released = planned.filter((p) => !p.draft);
    const postings = [];
    // The seed runs before the app registers the types (server.ts), so it reads the list itself.
    const typeOf = (code: string) => DOCUMENT_TYPES.find((t) => t.code === code)!;
    for (const p of released) postings.push({ document: p.row, lines: await typeOf(p.row.type).postingLines(tx, p.row, p.lines) });
    await postDocuments(tx, tenantId, postings);
    return released.length;
  });
}
