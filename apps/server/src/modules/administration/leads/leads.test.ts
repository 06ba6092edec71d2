import http from 'node:http';
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_REFERENCE_PATTERN } from '@nusa/contracts';
import { DEMO_PASSWORD } from '../../../db/seed/demo.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { paymentProviders } from '../../../platform/payments/index.ts';

const SERVER_KEY = 'SB-Mid-server-test-key-123';
let t: TestApp;
let admin: string;
let anon: string;
let gateway: http.Server;
const gatewayCalls: {
  auth: string | undefined;
  body: { transaction_details: { order_id: string; gross_amount: number }; customer_details: { email: string } };
}[] = [];

/** A loopback server speaking the Snap create-transaction format. */
async function startGateway() {
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/snap/v1/transactions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(data);
      gatewayCalls.push({ auth: req.headers.authorization, body });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          token: `snap-${body.transaction_details.order_id}`,
          redirect_url: `https://checkout.example/v2/vtweb/${body.transaction_details.order_id}`,
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

beforeAll(async () => {
  gateway = await startGateway();
  const port = (gateway.address() as { port: number }).port;
  t = await createTestApp('leads', {
    PAYMENT_GATEWAY_URL: `http://127.0.0.1:${port}`,
    PAYMENT_GATEWAY_SERVER_KEY: SERVER_KEY,
    PAYMENT_BANK_ACCOUNT: 'Bank Central Asia|1234567890|PT Demo Nusantara',
  });
  admin = await t.login('admin');
  anon = (await t.request({ method: 'POST', url: '/api/v1/auth/anonymous', token: await t.preLoginToken(), tenant: 'demo' })).json().token;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => gateway.close(r));
});

const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
const shift = (days: number) => new Date(Date.now() + 7 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

const promo = (code: string, extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/v1/admin/promo-codes',
    token: admin,
    payload: {
      code,
      description: '',
      active: 'Y',
      startsOn: null,
      endsOn: null,
      channels: [],
      segments: [],
      discountPercent: '10',
      discountAmount: null,
      ...extra,
    },
  });

const demoRequest = (extra: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/v1/public/demo-requests',
    token: anon,
    payload: {
      contactName: 'Andi Pratama',
      email: 'andi@majujaya.co.id',
      phone: '0812-3456-7890',
      company: 'CV Maju Jaya',
      requirements: 'Chatbot WhatsApp untuk toko',
      companySize: '11-50',
      product: 'chatbot',
      package: 'business',
      ...extra,
    },
  });

describe('promo codes', () => {
  it('creates promo codes and refuses bad discounts, periods and duplicates', async () => {
    for (const [code, extra] of [
      ['HEMAT10', {}],
      ['MATI', { active: 'N' }],
      ['NANTI', { startsOn: shift(3) }],
      ['LAMA', { startsOn: shift(-30), endsOn: shift(-1) }],
      ['WAONLY', { channels: ['whatsapp'] }],
      ['BESAR', { segments: ['large'] }],
      ['POTONG', { discountPercent: null, discountAmount: '500000' }],
    ] as const) {
      const res = await promo(code, extra);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await promo('DUA', { discountAmount: '1000' })).json().errorCode).toBe('promo_discount_invalid');
    expect((await promo('NOL', { discountPercent: null })).json().errorCode).toBe('promo_discount_invalid');
    expect((await promo('LEBIH', { discountPercent: '100.5' })).json().errorCode).toBe('promo_discount_invalid');
    expect((await promo('TERBALIK', { startsOn: shift(2), endsOn: shift(1) })).json().errorCode).toBe('promo_period_invalid');
    expect((await promo('hemat10')).json()).toEqual({ errorCode: 'promo_code_already_exists', errorArgs: ['hemat10'] });
    const list = (await t.request({ method: 'GET', url: '/api/v1/admin/promo-codes?keyword=HEMAT10', token: admin })).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ code: 'HEMAT10', discountPercent: '10.0000', active: 'Y' });
  });

  it.each([
    ['TIDAKADA', {}, 404, 'promo_not_found'],
    ['MATI', {}, 422, 'not_active'],
    ['NANTI', {}, 422, 'not_active'],
    ['LAMA', {}, 422, 'expired'],
    ['WAONLY', { channel: 'web' }, 422, 'channel_not_eligible'],
    ['BESAR', { companySize: '11-50' }, 422, 'segment_not_eligible'],
  ] as const)('refuses promo %s with %s', async (code, extra, status, errorCode) => {
    const before = (await t.pools.owner.query('SELECT count(*)::int AS n FROM leads')).rows[0].n;
    const res = await demoRequest({ promoCode: code, ...extra });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ errorCode, errorArgs: [] });
    expect((await t.pools.owner.query('SELECT count(*)::int AS n FROM leads')).rows[0].n).toBe(before);
    // Checking a code is a question with an answer: 200 and a verdict naming the catalogued reason.
    const check = await t.request({
      method: 'POST',
      url: '/api/v1/public/promo-codes/check',
      token: anon,
      payload: { code, companySize: '11-50', package: 'business', ...extra },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: false, code, reason: errorCode });
  });

  it('seeds the demo promo codes with their rules', async () => {
    const check = (code: string, companySize: string, channel = 'web') =>
      t.request({ method: 'POST', url: '/api/v1/public/promo-codes/check', token: anon, payload: { code, companySize, channel, package: 'starter' } });
    expect((await check('UMKM25', '1-10')).json()).toMatchObject({ valid: true, code: 'UMKM25', discount: '375000.0000', amount: '1125000.0000' });
    expect((await check('UMKM25', '51-200')).json().reason).toBe('segment_not_eligible');
    expect((await check('UMKM25', '1-10', 'event')).json().reason).toBe('channel_not_eligible');
    expect((await check('HEMAT500K', '201+')).json()).toMatchObject({ discount: '500000.0000', amount: '1000000.0000' });
  });

  it('prices with an eligible promo exactly (percent rounded to whole rupiah, amount capped at the price)', async () => {
    const check = await t.request({
      method: 'POST',
      url: '/api/v1/public/promo-codes/check',
      token: anon,
      payload: { code: 'waonly', channel: 'whatsapp', companySize: '1-10', package: 'starter' },
    });
    expect(check.json()).toEqual({ valid: true, code: 'WAONLY', price: '1500000.0000', discount: '150000.0000', amount: '1350000.0000' });
    const big = await t.request({
      method: 'POST',
      url: '/api/v1/public/promo-codes/check',
      token: anon,
      payload: { code: 'BESAR', companySize: '201+', package: 'enterprise' },
    });
    expect(big.json()).toMatchObject({ discount: '750000.0000', amount: '6750000.0000' });
    const res = await demoRequest({ promoCode: 'POTONG' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'NEW',
      promoCode: 'POTONG',
      price: '3500000.0000',
      discount: '500000.0000',
      amount: '3000000.0000',
      payment: null,
    });
    const mail = await t.pools.owner.query('SELECT to_address, subject, text_body FROM outbox WHERE text_body LIKE $1', [
      `%requestId=${res.json().requestId}%`,
    ]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({ to_address: 'andi@majujaya.co.id', subject: 'Nusa: permintaan demo Anda sudah kami terima' });
    expect(mail.rows[0].text_body).toContain('Rp3.000.000 (kode promo POTONG)');
  });
});

describe('leads', () => {
  const ids: Record<string, string> = {};

  it('lists with search, filters and paging', async () => {
    ids.erp = (
      await demoRequest({ contactName: 'Sari Wulandari', email: 'sari@tokosari.id', company: 'Toko Sari', product: 'erp', package: 'starter' })
    ).json().requestId;
    ids.photo = (
      await demoRequest({
        contactName: 'Joko Susilo',
        email: 'joko@fotoku.id',
        company: 'Fotoku',
        product: 'photo',
        package: 'enterprise',
        promoCode: 'HEMAT10',
      })
    ).json().requestId;
    const list = async (q: string) => (await t.request({ method: 'GET', url: `/api/v1/admin/leads${q}`, token: admin })).json();
    expect((await list('?product=erp')).items.map((l: { leadId: string }) => l.leadId)).toEqual([ids.erp]);
    expect((await list('?keyword=fotoku')).items).toHaveLength(1);
    expect((await list('?package=enterprise&status=NEW')).items[0]).toMatchObject({ contactName: 'Joko Susilo', amount: '6750000.0000' });
    expect((await list(`?dateFrom=${today()}&dateTo=${today()}`)).total).toBe(3);
    expect((await list(`?dateFrom=${shift(1)}`)).total).toBe(0);
    const page = await list('?limit=5&page=1');
    expect(page.total).toBe(3);
    expect((await list('?limit=7')).errorCode).toBe('invalid_input_format');
  });

  it('exports the current filter to xlsx', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/admin/leads/export?product=photo', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Nama')).toBe('Joko Susilo');
    expect(cell('Email')).toBe('joko@fotoku.id');
    expect(cell('Paket')).toBe('Enterprise');
    expect(cell('Produk')).toBe('Percantik foto produk');
    expect(cell('Kode Promo')).toBe('HEMAT10');
    expect(cell('Jumlah')).toBe('6750000.0000');
    expect(cell('Status')).toBe('Baru');
    expect(cell('Nomor permintaan')).toMatch(/^NUSA-[2-9A-HJKMNP-Z]{6}$/);
  });

  it("exports in English when asked: headings and values in the reader's language", async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/admin/leads/export?product=photo&lang=en', token: admin });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Leads');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(header).toContain('Company size');
    expect(cell('Name')).toBe('Joko Susilo');
    expect(cell('Product')).toBe('Product photo beautifying');
    expect(cell('Status')).toBe('New');
    expect(cell('Channel')).toBe('Website');
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/leads/export?lang=fr', token: admin })).json().errorCode).toBe('invalid_input_format');
  });

  it('edits a lead and moves it only along the allowed statuses', async () => {
    const put = (status: string) => t.request({ method: 'PUT', url: `/api/v1/admin/leads/${ids.erp}/status`, token: admin, payload: { status } });
    expect((await put('WON')).json()).toEqual({ errorCode: 'lead_status_transition_invalid', errorArgs: ['NEW', 'WON'] });
    expect((await put('DEMO_SCHEDULED')).json()).toEqual({ errorCode: 'lead_status_transition_invalid', errorArgs: ['NEW', 'DEMO_SCHEDULED'] });
    for (const s of ['CONTACTED', 'DEMO_SCHEDULED', 'WON']) expect((await put(s)).json().status).toBe(s);
    expect((await put('LOST')).json()).toEqual({ errorCode: 'lead_status_transition_invalid', errorArgs: ['WON', 'LOST'] });
    const edit = await t.request({
      method: 'PUT',
      url: `/api/v1/admin/leads/${ids.photo}`,
      token: admin,
      payload: {
        contactName: 'Joko S.',
        email: 'Joko@Fotoku.id',
        phone: '021-5550-1234',
        company: 'PT Fotoku',
        requirements: 'Foto produk',
        companySize: '51-200',
        product: 'photo',
        package: 'enterprise',
      },
    });
    expect(edit.json()).toMatchObject({ contactName: 'Joko S.', email: 'joko@fotoku.id', company: 'PT Fotoku', amount: '6750000.0000' });
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/v1/admin/leads/${ids.photo}`,
          token: admin,
          payload: { ...(edit.json() as Record<string, unknown>), phone: '0812345' },
        })
      ).statusCode,
    ).toBe(400);
    const audit = await t.pools.owner.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id`, [ids.erp]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'status', 'status', 'status']);
  });

  it('refuses users without the tasks and anonymous tokens (403)', async () => {
    const staff = await t.login('staff');
    const cashier = await t.login('cashier');
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/leads', token: staff })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'PUT', url: `/api/v1/admin/leads/${ids.photo}/status`, token: staff, payload: { status: 'CONTACTED' } })).json().errorCode,
    ).toBe('forbidden_action');
    const staffPromo = await t.request({
      method: 'POST',
      url: '/api/v1/admin/promo-codes',
      token: staff,
      payload: {
        code: 'STAFF',
        description: '',
        active: 'Y',
        startsOn: null,
        endsOn: null,
        channels: [],
        segments: [],
        discountPercent: '5',
        discountAmount: null,
      },
    });
    expect(staffPromo.json().errorCode).toBe('forbidden_action');
    for (const url of ['/api/v1/admin/leads', '/api/v1/admin/leads/export', '/api/v1/admin/promo-codes', `/api/v1/admin/leads/${ids.photo}`]) {
      expect((await t.request({ method: 'GET', url, token: cashier })).statusCode, url).toBe(403);
      expect((await t.request({ method: 'GET', url, token: anon })).statusCode, url).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: `/api/v1/public/demo-requests/${ids.erp}`, tenant: 'demo' })).statusCode).toBe(401);
  });

  it('shows a second tenant none of the leads or promo codes', async () => {
    // A vendor tenant for this test only: the isolation of leads is the database's, not the vendor rule's.
    await t.seedTenant('acme', { vendor: true });
    const acme = await t.login('admin', 'acme');
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/leads', token: acme })).json()).toEqual({ items: [], total: 0 });
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/promo-codes?keyword=HEMAT10', token: acme })).json().total).toBe(0);
    expect((await t.request({ method: 'GET', url: `/api/v1/admin/leads/${ids.erp}`, token: acme })).statusCode).toBe(404);
    await t.pools.owner.query(`UPDATE tenants SET vendor = false WHERE code = 'acme'`);
    const acmeAnon = (await t.request({ method: 'POST', url: '/api/v1/auth/anonymous', token: await t.preLoginToken(), tenant: 'acme' })).json().token;
    expect((await t.request({ method: 'GET', url: `/api/v1/public/demo-requests/${ids.erp}`, token: acmeAnon })).json().errorCode).toBe('lead_not_found');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v1/public/promo-codes/check',
          token: acmeAnon,
          payload: { code: 'HEMAT10', companySize: '1-10', package: 'starter' },
        })
      ).json().reason,
    ).toBe('promo_not_found');
  });

  it("keeps Manage Leads to the vendor tenant: another tenant's Super Admin and Admin neither hold its tasks nor reach its API", async () => {
    await t.seedTenant('trialco');
    for (const username of ['superadmin', 'admin']) {
      const login = await t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        tenant: 'trialco',
        token: await t.preLoginToken(),
        payload: { username, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().tasks).not.toContain('viewManagementLeads');
      expect(login.json().tasks).not.toContain('editManagementLeads');
      const token = await t.login(username, 'trialco');
      expect((await t.request({ method: 'GET', url: '/api/v1/auth/me', token })).json().tasks).not.toContain('viewManagementLeads');
      for (const url of ['/api/v1/admin/leads', '/api/v1/admin/promo-codes', '/api/v1/admin/leads/export']) {
        const res = await t.request({ method: 'GET', url, token });
        expect(res.statusCode, `${username} ${url}`).toBe(403);
        expect(res.json().errorCode).toBe('forbidden_action');
      }
      const create = await t.request({
        method: 'POST',
        url: '/api/v1/admin/promo-codes',
        token,
        payload: {
          code: 'TRIAL',
          description: '',
          active: 'Y',
          startsOn: null,
          endsOn: null,
          channels: [],
          segments: [],
          discountPercent: '5',
          discountAmount: null,
        },
      });
      expect(create.statusCode).toBe(403);
    }
    // The vendor's own Super Admin still holds them.
    const vendorAdmin = await t.login('superadmin');
    expect((await t.request({ method: 'GET', url: '/api/v1/auth/me', token: vendorAdmin })).json().tasks).toContain('viewManagementLeads');
    expect((await t.request({ method: 'GET', url: '/api/v1/admin/leads', token: vendorAdmin })).statusCode).toBe(200);
  });
});

const tinyPdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('payment of a request', () => {
  it('pays by bank transfer: instructions, proof with a magic-byte check, admin confirmation; every step survives a reload', async () => {
    const requested = (await demoRequest({ promoCode: 'HEMAT10' })).json();
    const id = requested.requestId;
    expect(requested.reference).toMatch(LEAD_REFERENCE_PATTERN);
    expect(requested.reference).toMatch(/^NUSA-[2-9A-HJKMNP-Z]{6}$/);
    const options = await t.request({ method: 'GET', url: '/api/v1/public/payment-options', token: anon });
    expect(options.json()).toEqual({
      bankAccount: { bankName: 'Bank Central Asia', accountNumber: '1234567890', accountHolder: 'PT Demo Nusantara' },
      gateway: true,
    });
    const started = await t.request({ method: 'POST', url: `/api/v1/public/demo-requests/${id}/payment`, token: anon, payload: { method: 'bank-transfer' } });
    expect(started.statusCode, started.body).toBe(200);
    // The transfer memo is the request's own short reference: letters, digits and one dash, nothing a bank refuses.
    expect(started.json().payment).toMatchObject({
      method: 'bank-transfer',
      status: 'PENDING',
      amount: '3150000.0000',
      hasProof: false,
      orderId: requested.reference,
      bankAccount: { bankName: 'Bank Central Asia', accountNumber: '1234567890', accountHolder: 'PT Demo Nusantara' },
    });
    expect(started.json().reference).toBe(requested.reference);
    // The admin finds the request by its reference (any case).
    const found = await t.request({ method: 'GET', url: `/api/v1/admin/leads?keyword=${requested.reference.toLowerCase()}`, token: admin });
    expect(found.json().items.map((l: { leadId: string }) => l.leadId)).toEqual([id]);
    const reload = await t.request({ method: 'GET', url: `/api/v1/public/demo-requests/${id}`, token: anon });
    expect(reload.json()).toEqual(started.json());

    const upload = (contentType: string, data: Buffer) =>
      t.request({
        method: 'PUT',
        url: `/api/v1/public/demo-requests/${id}/payment/proof`,
        token: anon,
        payload: { contentType, fileName: 'bukti.pdf', dataBase64: data.toString('base64') },
      });
    expect((await upload('application/pdf', png)).json().errorCode).toBe('payment_proof_invalid');
    expect((await upload('image/png', tinyPdf)).json().errorCode).toBe('payment_proof_invalid');
    expect((await upload('text/html', tinyPdf)).statusCode).toBe(400);
    const uploaded = await upload('application/pdf', tinyPdf);
    expect(uploaded.json().payment).toMatchObject({ status: 'PROOF_UPLOADED', hasProof: true });

    const proof = await t.request({ method: 'GET', url: `/api/v1/admin/leads/${id}/payment/proof`, token: admin });
    expect(proof.headers['content-type']).toBe('application/pdf');
    expect(proof.rawPayload.equals(tinyPdf)).toBe(true);

    const staff = await t.login('staff');
    expect((await t.request({ method: 'PUT', url: `/api/v1/admin/leads/${id}/payment/confirm`, token: staff })).statusCode).toBe(403);
    const confirmed = await t.request({ method: 'PUT', url: `/api/v1/admin/leads/${id}/payment/confirm`, token: admin });
    expect(confirmed.json().payment.status).toBe('PAID');
    expect((await t.request({ method: 'GET', url: `/api/v1/public/demo-requests/${id}`, token: anon })).json().payment.status).toBe('PAID');
    expect(
      (await t.request({ method: 'POST', url: `/api/v1/public/demo-requests/${id}/payment`, token: anon, payload: { method: 'gateway' } })).json().errorCode,
    ).toBe('payment_already_paid');
    const demo = await t.tenantId('demo');
    expect((await t.pools.owner.query('SELECT package_paid FROM free_transactions WHERE tenant_id = $1', [demo])).rows[0]).toEqual({ package_paid: true });
  });

  it('pays through the hosted checkout; a forged or altered notification changes nothing', async () => {
    const id = (await demoRequest({ promoCode: 'HEMAT10', product: 'sales-analysis' })).json().requestId;
    const started = await t.request({ method: 'POST', url: `/api/v1/public/demo-requests/${id}/payment`, token: anon, payload: { method: 'gateway' } });
    expect(started.statusCode, started.body).toBe(200);
    const payment = started.json().payment;
    const call = gatewayCalls.at(-1)!;
    expect(call.auth).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`);
    expect(call.body.transaction_details).toEqual({ order_id: payment.orderId, gross_amount: 3150000 });
    expect(call.body.customer_details.email).toBe('andi@majujaya.co.id');
    expect(payment).toMatchObject({ method: 'gateway', status: 'PENDING', redirectUrl: `https://checkout.example/v2/vtweb/${payment.orderId}` });
    expect(payment.orderId.startsWith('demo~')).toBe(true);

    const notify = (body: Record<string, string>) => t.request({ method: 'POST', url: '/api/v1/public/payments/notification', payload: body });
    const signed = (orderId: string, statusCode: string, gross: string, key = SERVER_KEY) =>
      createHash('sha512')
        .update(orderId + statusCode + gross + key)
        .digest('hex');
    const base = { order_id: payment.orderId, status_code: '200', gross_amount: '3150000.00', transaction_status: 'settlement' };
    const status = async () => (await t.request({ method: 'GET', url: `/api/v1/public/demo-requests/${id}`, token: anon })).json().payment.status;

    const forged = await notify({ ...base, signature_key: signed(base.order_id, '200', base.gross_amount, 'guessed-key') });
    // The tenant comes from the verified order id, never from the request: a bogus X-Tenant changes nothing.
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/v1/public/payments/notification',
      tenant: 'no-such-tenant',
      payload: { ...base, signature_key: 'f'.repeat(128) },
    });
    expect(elsewhere.json()).toEqual({ errorCode: 'payment_notification_invalid', errorArgs: [] });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errorCode).toBe('payment_notification_invalid');
    expect(await status()).toBe('PENDING');
    // Signed, but for a smaller amount than the order's.
    expect((await notify({ ...base, gross_amount: '1000.00', signature_key: signed(base.order_id, '200', '1000.00') })).statusCode).toBe(403);
    // A signature over other values does not carry over.
    expect((await notify({ ...base, signature_key: signed(base.order_id, '201', base.gross_amount) })).statusCode).toBe(403);
    expect(await status()).toBe('PENDING');

    const pending = await notify({
      ...base,
      status_code: '201',
      transaction_status: 'pending',
      signature_key: signed(base.order_id, '201', base.gross_amount),
    });
    expect(pending.statusCode).toBe(200);
    expect(await status()).toBe('PENDING');
    const paid = await t.request({
      method: 'POST',
      url: '/api/v1/public/payments/notification',
      tenant: 'no-such-tenant',
      payload: { ...base, signature_key: signed(base.order_id, '200', base.gross_amount), fraud_status: 'accept', payment_type: 'bank_transfer' },
    });
    expect(paid.json()).toEqual({ ok: true });
    expect(await status()).toBe('PAID');
    // A later failure notice cannot undo a payment.
    await notify({ ...base, status_code: '202', transaction_status: 'expire', signature_key: signed(base.order_id, '202', base.gross_amount) });
    expect(await status()).toBe('PAID');
  });

  it('offers only bank transfer without gateway configuration', async () => {
    expect(paymentProviders({}).gateway).toBeUndefined();
    expect(paymentProviders({ PAYMENT_GATEWAY_URL: 'http://127.0.0.1:1' }).gateway).toBeUndefined();
    expect(paymentProviders({}).bankTransfer.id).toBe('bank-transfer');
  });
});

describe('a site without a bank account to pay into', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp('leads-no-account');
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('offers no bank transfer (an instruction nobody could follow) and refuses to start one with a catalogued reason', async () => {
    const anonBare = (await bare.request({ method: 'POST', url: '/api/v1/auth/anonymous', token: await bare.preLoginToken(), tenant: 'demo' })).json().token;
    expect((await bare.request({ method: 'GET', url: '/api/v1/public/payment-options', token: anonBare })).json()).toEqual({
      bankAccount: null,
      gateway: false,
    });
    const requested = await bare.request({
      method: 'POST',
      url: '/api/v1/public/demo-requests',
      token: anonBare,
      payload: {
        contactName: 'Rudi',
        email: 'rudi@contoh.id',
        phone: '0812-3456-7890',
        company: 'CV Contoh',
        companySize: '1-10',
        product: 'erp',
        package: 'starter',
      },
    });
    expect(requested.statusCode).toBe(200);
    const id = requested.json().requestId;
    const started = await bare.request({
      method: 'POST',
      url: `/api/v1/public/demo-requests/${id}/payment`,
      token: anonBare,
      payload: { method: 'bank-transfer' },
    });
    expect(started.statusCode).toBe(422);
    expect(started.json()).toEqual({ errorCode: 'payment_bank_transfer_not_configured', errorArgs: [] });
    expect((await bare.request({ method: 'GET', url: `/api/v1/public/demo-requests/${id}`, token: anonBare })).json().payment).toBeNull();
  });
});
