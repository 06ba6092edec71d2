import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_ACTIONS,
  DOCUMENT_TRANSITIONS,
  LEDGER_DOCUMENT_TASKS,
  documentInput,
  endpoints,
  type DocumentStepAction,
  type DocumentStatus,
} from '@nusa/contracts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { call } from '../../../../test/call.ts';
import { DEMO_PASSWORD } from '../../../db/seed/demo.ts';
import { withTenant } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { money } from '../../../platform/money/decimal.ts';
import { registerDocumentTypes } from './document-types.ts';
import { createDocument, deleteDocument, updateDocument, type DocumentUser } from './service.ts';

/**
 * The engine through a test journal type (TJV, journal id 20001) registered here with real posting lines against the
 * seeded tenant's accounts: what B's journal endpoints will add is their own line rules, not the engine's.
 */
const TYPE = 'TJV';
registerDocumentTypes([
  {
    code: TYPE,
    documentTypeId: 20001,
    tasks: LEDGER_DOCUMENT_TASKS.JV,
    postingLines: async (_tx, _doc, lines) =>
      lines.map((l) => ({
        coaId: l.coaId!,
        amount: money(l.debit).minus(money(l.credit)),
        bookAmount: money(l.bookDebit).minus(money(l.bookCredit)),
        memo: l.memo,
      })),
  },
]);

interface Person {
  token: string;
  user: DocumentUser;
}
let t: TestApp;
let tenantId: string;
const p: Record<string, Person> = {};
const ref: Record<string, string> = {};

async function loginPerson(username: string, tenant = 'demo'): Promise<Person> {
  const pre = await t.preLoginToken();
  const res = await t.request({ method: 'POST', url: '/api/v1/auth/login', token: pre, tenant, payload: { username, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  const s = res.json();
  return {
    token: res.headers['x-auth-token'] as string,
    user: { tenantId: s.tenantId, userId: s.userId, roleId: s.roleId, tasks: s.tasks, sessionId: s.sessionId },
  };
}

const TODAY = '2026-11-20';
const journal = (amount: string, extra: Record<string, unknown> = {}) =>
  documentInput.parse({
    documentDate: TODAY,
    remarks: `Jurnal ${amount}`,
    lines: [
      { coaId: ref.kas, debit: amount },
      { coaId: ref.piutang, credit: amount },
    ],
    ...extra,
  });

/** Creates through the engine as `who` (the type's own endpoint is the journal module's). */
async function create(who: Person, amount: string, extra: Record<string, unknown> = {}) {
  const input = journal(amount, extra);
  const { lines, ...header } = input;
  return withTenant(t.pools.app, tenantId, (tx) => createDocument(tx, who.user, TYPE, header, lines));
}
async function refusal(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  throw new Error('expected a refusal');
}
const act = (who: Person, id: string, action: DocumentStepAction, comment?: string) =>
  call(t, endpoints.actOnDocument, { params: { documentId: id, action }, body: { comment }, token: who.token });
const owner = (q: string, args: unknown[] = []) => t.pools.owner.query(q, args);

beforeAll(async () => {
  t = await createTestApp('documents');
  tenantId = await t.tenantId('demo');
  p.super = await loginPerson('superadmin');
  p.admin = await loginPerson('admin');
  p.staff = await loginPerson('staff');
  const get = async (url: string) => (await t.request({ method: 'GET', url, token: p.admin.token })).json();
  const coa = async (code: string) =>
    (await get(`/api/v1/erp/coa?keyword=${code}&limit=100`)).items.find((a: { coaCode: string }) => a.coaCode === code).coaId as string;
  ref.kas = await coa('1101');
  ref.piutang = await coa('1301');
  ref.usd = (await get('/api/v1/erp/currencies?keyword=USD')).items[0].currencyId;
  // Approvers: two users of an Approver role, one Manager, each holding the journal's approve task.
  const role = async (name: string) => {
    const res = await call(t, endpoints.createRole, {
      token: p.super.token,
      body: {
        name,
        type: 'USER',
        defaultPage: '/dashboard',
        minDiscountPercent: -1,
        maxDiscountPercent: -1,
        minDiscountAmount: '-1',
        maxDiscountAmount: '-1',
        tasks: ['approveErpJournal', 'readOnlyErpJournal'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().roleId;
  };
  ref.approverRole = await role('Approver');
  ref.managerRole = await role('Manager');
  for (const [username, roleId] of [
    ['ap1', ref.approverRole],
    ['ap2', ref.approverRole],
    ['mg1', ref.managerRole],
  ] as const) {
    const res = await call(t, endpoints.createUser, {
      token: p.super.token,
      body: { username, fullName: username.toUpperCase(), password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, roleId },
    });
    expect(res.statusCode, res.body).toBe(200);
    p[username] = await loginPerson(username);
  }
});
afterAll(() => t.close());

const flowBody = (levels: { mode?: 'any' | 'all'; amountAbove?: string | null; amountUpTo?: string | null; roleIds?: string[]; userIds?: string[] }[]) => ({
  name: 'Jurnal',
  documentTypeId: 20001,
  ouId: null,
  levels,
});

/** The one journal flow of these tests, replaced level by level (null: made inactive, so none applies). */
async function setFlow(levels: Parameters<typeof flowBody>[0] | null) {
  const body = { ...flowBody(levels ?? [{ roleIds: [ref.approverRole] }]), active: levels ? ('Y' as const) : ('N' as const) };
  const res = ref.flow
    ? await call(t, endpoints.updateApprovalFlow, { token: p.admin.token, params: { flowId: ref.flow }, body })
    : await call(t, endpoints.createApprovalFlow, { token: p.admin.token, body });
  expect(res.statusCode, res.body).toBe(200);
  ref.flow = res.json().flowId;
  return res.json();
}

describe('creating a document', () => {
  it("numbers a blank number from the type's template (gap-free), keeps a typed one and refuses it twice", async () => {
    const tpl = await call(t, endpoints.createDocumentTemplate, {
      token: p.admin.token,
      body: {
        templateCode: 'TPL-TJV',
        templateName: 'Test jurnal',
        documentType: TYPE,
        prefix: 'TJ-',
        suffix: '',
        separator: '-',
        yearDigits: 2,
        month: false,
        day: false,
        counterDigits: 4,
        reset: 'year',
      },
    });
    expect(tpl.statusCode, tpl.body).toBe(200);
    const a = await create(p.admin, '1500000');
    const b = await create(p.admin, '250000.5');
    expect([a.number, b.number]).toEqual(['TJ-26-0001', 'TJ-26-0002']);
    expect(a).toMatchObject({
      status: 'D',
      label: 'DRAFT',
      currencyCode: 'IDR',
      rate: '1',
      totalAmount: '1500000',
      totalBookAmount: '1500000',
      createdByName: 'Siti Rahayu',
    });
    expect(b.lines.map((l) => [l.debit, l.credit, l.bookDebit, l.bookCredit])).toEqual([
      ['250000.5', '0', '250000.5', '0'],
      ['0', '250000.5', '0', '250000.5'],
    ]);
    const typed = await create(p.admin, '1000', { number: 'MANUAL-1' });
    expect(typed.number).toBe('MANUAL-1');
    expect(await refusal(() => create(p.admin, '1000', { number: 'MANUAL-1' }))).toBe('document_number_already_exists');
    // A creation that fails hands its number back: the next blank number follows on.
    expect((await create(p.admin, '1000')).number).toBe('TJ-26-0003');
    // A number typed by hand that the template would give next is skipped (and used up).
    expect((await create(p.admin, '1000', { number: 'TJ-26-0004' })).number).toBe('TJ-26-0004');
    expect((await create(p.admin, '1000')).number).toBe('TJ-26-0005');
    // The number is taken in the statement that writes the document: its audit row's after-image carries it.
    const audit = await owner(`SELECT module, action, after->>'number' AS number FROM audit_log WHERE entity_id = $1`, [a.documentId]);
    expect(audit.rows).toEqual([{ module: 'accounting.document', action: 'create', number: 'TJ-26-0001' }]);
    const history = await call(t, endpoints.documentHistory, { params: { documentId: a.documentId }, token: p.admin.token });
    expect(history.json().items).toMatchObject([{ action: 'create', fromStatus: null, toStatus: 'D', userName: 'Siti Rahayu' }]);
  });

  it('refuses, and keeps nothing, when a number it generates is typed by a creator who commits first', async () => {
    // Another transaction holds an uncommitted document with the number the template gives next (TJ-26-0006, after the
    // test above): the generated insert waits on the number's unique key, then meets its commit.
    const other = await t.pools.owner.connect();
    try {
      await other.query('BEGIN');
      const [template] = (await other.query(`SELECT * FROM documents WHERE tenant_id = $1 AND type = $2 LIMIT 1`, [tenantId, TYPE])).rows;
      await other.query(
        `INSERT INTO documents (tenant_id, id, type, number, document_date, currency_id, rate, created_by)
         VALUES ($1, gen_random_uuid(), $2, 'TJ-26-0006', $3, $4, 1, $5)`,
        [tenantId, TYPE, TODAY, template.currency_id, template.created_by],
      );
      const racing = refusal(() => create(p.admin, '1000'));
      await new Promise((r) => setTimeout(r, 300));
      await other.query('COMMIT');
      expect(await racing).toBe('document_number_already_exists');
    } finally {
      other.release();
    }
    const count = await owner(`SELECT count(*)::int AS n FROM documents WHERE tenant_id = $1 AND type = $2 AND remarks = 'Jurnal 1000'`, [tenantId, TYPE]);
    expect(count.rows[0].n).toBe(4);
    // The refused creation's counter step rolled back with it; the next takes the number after the hand-typed one.
    expect((await create(p.admin, '1000')).number).toBe('TJ-26-0007');
  });

  it('takes the rate of the document date for another currency, and refuses a date without one', async () => {
    const missing = await refusal(() => create(p.admin, '100', { currencyId: ref.usd, documentDate: '1999-01-04' }));
    expect(missing).toBe('exchange_rate_not_found');
    const rate = await call(t, endpoints.createExchangeRate, {
      token: p.admin.token,
      body: { fromCurrency: 'USD', toCurrency: 'IDR', rateDate: '2031-03-01', rate: '15750.5' },
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const usd = await create(p.admin, '100.25', { currencyId: ref.usd, documentDate: '2031-03-05' });
    expect(usd).toMatchObject({ currencyCode: 'USD', rate: '15750.5', totalAmount: '100.25', totalBookAmount: '1578987.625' });
    expect(usd.lines[0].bookDebit).toBe('1578987.625');
  });

  it("refuses a prohibited type, records the OU policy does not allow, a discount outside the role's limit, a closed period", async () => {
    const prohibit = (ids: number[]) =>
      call(t, endpoints.saveProhibitions, { token: p.super.token, params: { userId: p.admin.user.userId }, body: { documentTypeIds: ids } });
    expect((await prohibit([20001])).statusCode).toBe(200);
    expect(await refusal(() => create(p.admin, '10'))).toBe('document_type_prohibited');
    expect((await prohibit([])).statusCode).toBe(200);

    const ou = (await owner(`SELECT id FROM org_units WHERE tenant_id = $1 LIMIT 1`, [tenantId])).rows[0].id;
    await owner(`INSERT INTO ou_policy_entries (tenant_id, ou_id, kind, value) VALUES ($1, $2, 'glActivities', '1101')`, [tenantId, ou]);
    await owner(`INSERT INTO ou_policy_members (tenant_id, ou_id, user_id) VALUES ($1, $2, $3)`, [tenantId, ou, p.admin.user.userId]);
    expect(await refusal(() => create(p.admin, '10'))).toBe('policy_not_authorized');
    await owner(`DELETE FROM ou_policy_entries WHERE ou_id = $1`, [ou]);
    await owner(`DELETE FROM ou_policy_members WHERE ou_id = $1`, [ou]);

    await owner(`UPDATE roles SET min_discount_percent = 0, max_discount_percent = 10 WHERE id = $1`, [p.admin.user.roleId]);
    const discounted = (pct: string) =>
      create(p.admin, '10', {
        lines: [
          { coaId: ref.kas, debit: '10', discountPercent: pct },
          { coaId: ref.piutang, credit: '10' },
        ],
      });
    expect((await discounted('10')).lines[0].discountPercent).toBe('10');
    expect(await refusal(() => discounted('12.5'))).toBe('document_discount_out_of_limit');
    await owner(`UPDATE roles SET min_discount_percent = -1, max_discount_percent = -1 WHERE id = $1`, [p.admin.user.roleId]);

    const draft = await create(p.admin, '10', { documentDate: '2026-10-15' });
    await owner(`INSERT INTO ledger_periods (tenant_id, period, closed) VALUES ($1, 202610, true)`, [tenantId]);
    expect(await refusal(() => create(p.admin, '10', { documentDate: '2026-10-31' }))).toBe('document_period_closed');
    expect((await act(p.admin, draft.documentId, 'submit')).error()).toEqual({ errorCode: 'document_period_closed', errorArgs: ['202610'] });
    const { lines, ...header } = journal('20');
    expect(await refusal(() => withTenant(t.pools.app, tenantId, (tx) => updateDocument(tx, p.admin.user, draft.documentId, header, lines)))).toBe(
      'document_period_closed',
    );
    await owner(`DELETE FROM ledger_periods WHERE tenant_id = $1`, [tenantId]);
  });

  it('counts each document of a trial tenant: the 101st answers free_trial_limit_reached', async () => {
    await owner(
      `INSERT INTO free_transactions (tenant_id, trial, used) VALUES ($1, true, 99) ON CONFLICT (tenant_id) DO UPDATE SET trial = true, used = 99, package_paid = false`,
      [tenantId],
    );
    await create(p.admin, '1');
    expect((await owner(`SELECT used FROM free_transactions WHERE tenant_id = $1`, [tenantId])).rows[0].used).toBe(100);
    const before = (await owner(`SELECT count(*)::int AS n FROM documents WHERE tenant_id = $1`, [tenantId])).rows[0].n;
    expect(await refusal(() => create(p.admin, '1'))).toBe('free_trial_limit_reached');
    expect((await owner(`SELECT count(*)::int AS n FROM documents WHERE tenant_id = $1`, [tenantId])).rows[0].n).toBe(before);
    await owner(`UPDATE free_transactions SET trial = false, used = 0 WHERE tenant_id = $1`, [tenantId]);
  });
});

describe('the transition table', () => {
  /** A document in `status`: created, then brought there without a flow (R, C/void) or with a one-level flow (I, F). */
  async function docIn(status: DocumentStatus): Promise<string> {
    const doc = await create(p.admin, '5000');
    if (status === 'D') return doc.documentId;
    if (status === 'C') {
      await withTenant(t.pools.app, tenantId, (tx) => deleteDocument(tx, p.admin.user, doc.documentId));
      return doc.documentId;
    }
    if (status === 'R') {
      await setFlow(null);
      expect((await act(p.admin, doc.documentId, 'submit')).json().status).toBe('R');
      return doc.documentId;
    }
    await setFlow([{ roleIds: [ref.approverRole] }]);
    expect((await act(p.admin, doc.documentId, 'submit')).json().status).toBe('I');
    if (status === 'F') expect((await act(p.ap1, doc.documentId, 'approve')).json().status).toBe('F');
    return doc.documentId;
  }
  const actorOf = (action: string) => (['approve', 'reject', 'requestChanges'].includes(action) ? p.ap2 : p.admin);

  it("allows each action from the statuses the table names and refuses it, with the table's code, from every other", async () => {
    const results: string[] = [];
    for (const status of ['D', 'I', 'F', 'R', 'C'] as const) {
      for (const transition of DOCUMENT_TRANSITIONS) {
        const action = transition.action;
        const id = await docIn(status);
        let outcome: string;
        if (action === 'edit' || action === 'delete') {
          const { lines, ...header } = journal('6000');
          outcome = await refusal(() =>
            withTenant(t.pools.app, tenantId, async (tx) => {
              if (action === 'edit') await updateDocument(tx, p.admin.user, id, header, lines);
              else await deleteDocument(tx, p.admin.user, id);
            }),
          ).catch((e: Error) => (e.message === 'expected a refusal' ? 'ok' : Promise.reject(e)));
        } else {
          const res = await act(actorOf(action), id, action);
          outcome = res.statusCode === 200 ? `ok:${res.json().status}` : res.error().errorCode;
        }
        results.push(`${status} ${action} ${outcome}`);
        const allowed = transition.from.includes(status);
        if (allowed) expect(outcome, `${status} ${action}`).toMatch(/^ok/);
        else expect(outcome, `${status} ${action}`).toBe(transition.refusal);
      }
    }
    expect(results.length).toBe(5 * DOCUMENT_ACTIONS.length);
    expect(results.some((r) => r.startsWith('D submit ok:'))).toBe(true);
    expect(results).toContain('R void ok:C');
    expect(results).toContain('D void document_must_released_first');
    expect(results).toContain('I edit document_already_submitted');
  });
});

describe('approvals', () => {
  it('releases on submit when no flow applies, posting balanced ledger lines; a void reverses them', async () => {
    await setFlow(null);
    const doc = await create(p.admin, '750000');
    const res = await act(p.admin, doc.documentId, 'submit');
    expect(res.json()).toMatchObject({ status: 'R', label: 'RELEASED', approvalFlowId: null });
    const lines = await owner(`SELECT book_amount::text, reversal FROM ledger_entries WHERE document_id = $1 ORDER BY id`, [doc.documentId]);
    expect(lines.rows).toEqual([
      { book_amount: '750000.0000', reversal: false },
      { book_amount: '-750000.0000', reversal: false },
    ]);
    const voided = await act(p.admin, doc.documentId, 'void', 'salah input');
    expect(voided.json()).toMatchObject({ status: 'C', subStatus: 'void', label: 'VOID' });
    const after = await owner(`SELECT sum(book_amount)::text AS s, count(*)::int AS n FROM ledger_entries WHERE document_id = $1`, [doc.documentId]);
    expect(after.rows[0]).toEqual({ s: '0.0000', n: 4 });
    const history = (await call(t, endpoints.documentHistory, { params: { documentId: doc.documentId }, token: p.admin.token })).json().items;
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.comment])).toEqual([
      ['create', null, 'D', null],
      ['submit', 'D', 'R', null],
      ['void', 'R', 'C', 'salah input'],
    ]);
  });

  it('two levels by amount band: up to 10 juta one approval, above it a second by the manager', async () => {
    await setFlow([{ roleIds: [ref.approverRole] }, { amountAbove: '10000000', userIds: [p.mg1.user.userId] }]);
    const small = await create(p.admin, '10000000');
    expect((await act(p.admin, small.documentId, 'submit')).json()).toMatchObject({ status: 'I', approvalLevel: 1, label: 'REVIEW_TO_RELEASE' });
    const seen = await call(t, endpoints.getDocument, { params: { documentId: small.documentId }, token: p.ap1.token });
    expect(seen.json()).toMatchObject({ label: 'INCOMING_APPROVAL_REQUEST', actions: ['approve', 'reject', 'requestChanges'] });
    expect((await call(t, endpoints.getDocument, { params: { documentId: small.documentId }, token: p.mg1.token })).json().label).toBe('IN_PROGRESS');
    expect((await act(p.mg1, small.documentId, 'approve')).error().errorCode).toBe('document_not_your_turn');
    expect((await act(p.admin, small.documentId, 'approve')).error().errorCode).toBe('document_own_approval');
    expect((await act(p.ap1, small.documentId, 'approve', 'ok')).json()).toMatchObject({ status: 'F', label: 'APPROVED' });
    expect((await act(p.ap1, small.documentId, 'release')).statusCode).toBe(403);
    expect((await act(p.admin, small.documentId, 'release')).json().status).toBe('R');

    const big = await create(p.admin, '10000000.01');
    expect((await act(p.admin, big.documentId, 'submit')).json()).toMatchObject({ status: 'I', approvalLevel: 1, label: 'NEED_REVIEW' });
    expect((await act(p.ap2, big.documentId, 'approve')).json()).toMatchObject({ status: 'I', approvalLevel: 2 });
    expect((await act(p.ap1, big.documentId, 'approve')).error().errorCode).toBe('document_not_your_turn');
    expect((await call(t, endpoints.approvalInboxCounts, { token: p.mg1.token })).json()).toEqual({ total: 1, byType: { [TYPE]: 1 } });
    expect((await call(t, endpoints.approvalInbox, { token: p.ap1.token, query: { limit: 100 } })).json().items.map((i) => i.documentId)).not.toContain(
      big.documentId,
    );
    expect((await act(p.mg1, big.documentId, 'approve')).json()).toMatchObject({ status: 'F', approvalLevel: null });
    const history = (await call(t, endpoints.documentHistory, { params: { documentId: big.documentId }, token: p.admin.token })).json().items;
    expect(history.filter((h) => h.action === 'approve').map((h) => [h.userName, h.approvalLevel])).toEqual([
      ['AP2', 1],
      ['MG1', 2],
    ]);
  });

  it('"all" mode waits for every named approver: each user, and a user of each named role', async () => {
    await setFlow([{ mode: 'all', roleIds: [ref.managerRole], userIds: [p.ap1.user.userId, p.ap2.user.userId] }]);
    const doc = await create(p.admin, '200');
    await act(p.admin, doc.documentId, 'submit');
    expect((await act(p.ap1, doc.documentId, 'approve')).json()).toMatchObject({ status: 'I', approvalLevel: 1 });
    expect((await call(t, endpoints.getDocument, { params: { documentId: doc.documentId }, token: p.ap1.token })).json().label).toBe('IN_PROGRESS');
    expect((await act(p.ap1, doc.documentId, 'approve')).error().errorCode).toBe('document_already_approved_by_you');
    expect((await act(p.mg1, doc.documentId, 'approve')).json().status).toBe('I');
    expect((await act(p.ap2, doc.documentId, 'approve')).json().status).toBe('F');
    const approvals = await owner(`SELECT count(*)::int AS n FROM document_approvals WHERE document_id = $1`, [doc.documentId]);
    expect(approvals.rows[0].n).toBe(3);
  });

  it('request changes sends it back to the author, who edits and resubmits: the levels start again', async () => {
    await setFlow([{ roleIds: [ref.approverRole] }, { amountAbove: '100', userIds: [p.mg1.user.userId] }]);
    const doc = await create(p.admin, '500');
    await act(p.admin, doc.documentId, 'submit');
    await act(p.ap1, doc.documentId, 'approve');
    const back = await act(p.mg1, doc.documentId, 'requestChanges', 'lampirkan bukti');
    expect(back.json()).toMatchObject({ status: 'D', subStatus: 'changesRequested', label: 'CHANGES_REQUESTED', approvalLevel: null });
    const { lines, ...header } = journal('50', { reference: 'BUKTI-1' });
    const edited = await withTenant(t.pools.app, tenantId, (tx) => updateDocument(tx, p.admin.user, doc.documentId, header, lines));
    expect(edited).toMatchObject({ totalAmount: '50', reference: 'BUKTI-1', number: doc.number, label: 'CHANGES_REQUESTED' });
    // 50 is under the second level's band: one approval suffices now, and ap1's earlier approval does not count.
    expect((await act(p.admin, doc.documentId, 'submit')).json()).toMatchObject({ status: 'I', approvalLevel: 1, subStatus: null });
    expect((await call(t, endpoints.approvalInbox, { token: p.ap1.token, query: {} })).json().items.map((i) => i.documentId)).toContain(doc.documentId);
    expect((await act(p.ap1, doc.documentId, 'approve')).json().status).toBe('F');
  });

  it('reject ends the document; the author may cancel a request or an approval not yet released', async () => {
    await setFlow([{ roleIds: [ref.approverRole] }]);
    const rejected = await create(p.admin, '300');
    await act(p.admin, rejected.documentId, 'submit');
    expect((await act(p.ap1, rejected.documentId, 'reject', 'tidak perlu')).json()).toMatchObject({ status: 'C', subStatus: 'rejected', label: 'REJECTED' });

    const withdrawn = await create(p.admin, '300');
    await act(p.admin, withdrawn.documentId, 'submit');
    expect((await act(p.ap1, withdrawn.documentId, 'cancelApproval')).statusCode).toBe(403);
    expect((await act(p.admin, withdrawn.documentId, 'cancelApproval')).json()).toMatchObject({ status: 'D', subStatus: null, label: 'DRAFT' });
    await act(p.admin, withdrawn.documentId, 'submit');
    await act(p.ap2, withdrawn.documentId, 'approve');
    expect((await act(p.admin, withdrawn.documentId, 'cancelApproval')).json().status).toBe('D');
    const audit = await owner(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY at, id`, [withdrawn.documentId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'submit', 'cancel-approval', 'submit', 'approve', 'cancel-approval']);
  });

  it('two approvers of one "any" level at once: exactly one approves, the other finds it no longer waiting', async () => {
    await setFlow([{ roleIds: [ref.approverRole] }]);
    const doc = await create(p.admin, '400');
    await act(p.admin, doc.documentId, 'submit');
    const both = await Promise.all([act(p.ap1, doc.documentId, 'approve'), act(p.ap2, doc.documentId, 'approve')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.error().errorCode).toBe('document_not_waiting_for_approval');
    const approvals = await owner(`SELECT count(*)::int AS n FROM document_history WHERE document_id = $1 AND action = 'approve'`, [doc.documentId]);
    expect(approvals.rows[0].n).toBe(1);
  });

  it('refuses a flow still used by a waiting document', async () => {
    const flow = await setFlow([{ roleIds: [ref.approverRole] }]);
    const waiting = (await owner(`SELECT count(*)::int AS n FROM documents WHERE approval_flow_id = $1 AND status = 'I'`, [flow.flowId])).rows[0].n;
    expect(waiting).toBeGreaterThan(0);
    const res = await call(t, endpoints.deleteApprovalFlow, { token: p.admin.token, params: { flowId: flow.flowId } });
    expect(res.error()).toEqual({ errorCode: 'approval_flow_in_use', errorArgs: [waiting] });
  });
});

describe('access', () => {
  it("answers 403 to a user without the type's tasks, and another tenant sees nothing", async () => {
    await setFlow([{ roleIds: [ref.approverRole] }]);
    const doc = await create(p.admin, '10');
    expect((await act(p.staff, doc.documentId, 'submit')).error().errorCode).toBe('forbidden_action');
    expect(await refusal(() => create(p.staff, '10'))).toBe('forbidden_action');
    const cashier = await loginPerson('cashier');
    expect((await call(t, endpoints.getDocument, { params: { documentId: doc.documentId }, token: cashier.token })).statusCode).toBe(403);
    expect((await call(t, endpoints.approvalInbox, { token: p.staff.token, query: {} })).statusCode).toBe(403);
    expect((await call(t, endpoints.createApprovalFlow, { token: p.staff.token, body: flowBody([{ roleIds: [ref.approverRole] }]) })).statusCode).toBe(403);

    await t.seedTenant('other');
    const other = await loginPerson('admin', 'other');
    expect((await call(t, endpoints.getDocument, { params: { documentId: doc.documentId }, token: other.token })).error().errorCode).toBe('document_not_found');
    expect((await act(other, doc.documentId, 'submit')).error().errorCode).toBe('document_not_found');
    expect((await call(t, endpoints.listApprovalFlows, { token: other.token, query: {} })).json()).toEqual({ items: [], total: 0 });
    expect((await call(t, endpoints.approvalInboxCounts, { token: other.token })).json()).toEqual({ total: 0, byType: {} });
  });
});
