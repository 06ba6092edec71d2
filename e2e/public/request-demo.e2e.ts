import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Lead } from '@nusa/contracts';
import { launchBrowser, openPage, screenshot, waitForPath } from '../support/browser.ts';
import { api, apiLogin, baseUrl } from '../support/api.ts';
import { snapSignature } from '../support/gateway-server.ts';
import { answerConfirm, chooseOption } from '../support/antd.ts';

/** The texts these flows read (apps/web/src/i18n/modules/onboarding.*.json and the error catalogue). */
const tx = {
  id: {
    title: 'Minta Demo',
    contactName: 'Nama kontak',
    company: 'Nama perusahaan',
    email: 'Email',
    phone: 'Nomor telepon',
    product: 'Produk',
    promoCode: 'Kode promo',
    apply: 'Terapkan',
    applied: 'Kode promo berlaku',
    promoNotFound: 'Kode promo tidak ditemukan',
    submit: 'Lanjut ke pembayaran',
    paymentTitle: 'Pembayaran',
    gateway: 'Gerbang pembayaran',
    payByGateway: 'Bayar dengan Gerbang pembayaran',
    bankTransfer: 'Transfer bank',
    payByTransfer: 'Bayar dengan Transfer bank',
    paidTitle: 'Pembayaran diterima — terima kasih!',
    paid: 'Lunas',
    transferTitle: 'Instruksi transfer bank',
    proofInvalid: 'Bukti transfer harus berupa gambar PNG/JPEG atau PDF maksimal 2 MiB',
    proofReceived: 'Bukti transfer sudah kami terima',
    changeMethod: 'Ganti metode pembayaran',
    changeMethodTitle: 'Ganti metode pembayaran?',
    cancel: 'Batal',
    missing: 'Permintaan tidak ditemukan',
    stepPayment: 'Pembayaran',
    totalDue: 'Total tagihan',
    totalPaid: 'Total dibayar',
    awaitingConfirmation: 'menunggu konfirmasi pembayaran',
  },
  en: {
    title: 'Request a Demo',
    contactName: 'Contact name',
    companySize: 'Company size',
    promoCode: 'Promo code',
    apply: 'Apply',
    applied: 'The promo code is valid',
    segmentNotEligible: 'Promo code is not eligible for this segment',
    submit: 'Continue to payment',
    contactRequired: 'Contact name cannot be empty',
    sizeRequired: 'Company size cannot be empty',
    promoNeedsSize: 'Choose the company size first: promo codes apply by company size.',
  },
};

/** A real 2×2 PNG: the server checks the magic bytes of a proof. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** Intl separates "Rp" from the number with a no-break space. */
const rp = (digits: string) => new RegExp(`Rp\\s${digits.replace(/\./g, '\\.')}`);

const pick = (page: Page, label: string, option: string) => chooseOption(page, page.getByLabel(label, { exact: true }), option);

const summary = (page: Page) => page.getByTestId('order-summary');

/** The admin's view of the one lead of an e-mail address. */
async function leadOf(email: string) {
  const { token } = await apiLogin('admin');
  const leads = await api<{ items: Lead[]; total: number }>('GET', `/v1/admin/leads?keyword=${encodeURIComponent(email)}`, { token });
  expect(leads.status).toBe(200);
  expect(leads.body.items).toHaveLength(1);
  return leads.body.items[0]!;
}

/** A notification as the gateway would send it, to the webhook (no tenant header: the gateway sends none). */
async function notify(body: Record<string, string>) {
  const res = await fetch(`${baseUrl()}/api/v1/public/payments/notification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('request a demo (public)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // About thirty page steps: 46 s when the other spec file shares the two cores, so more than the default minute.
  it('a visitor requests a demo in Indonesian with NUSA10, pays by bank transfer after a reload, uploads the proof and the lead is there for the admin', async () => {
    const t = await openPage(browser);
    const l = tx.id;
    const email = `budi.e2e.${Date.now().toString(36)}@example.com`;
    try {
      await t.page.goto('/request-demo');
      await t.page.getByRole('heading', { level: 1, name: l.title }).waitFor();
      expect(await t.page.title()).toBe('Nusa | Minta Demo');
      // The first field has the focus, so typing starts at once.
      expect(await t.page.getByLabel(l.contactName, { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('3.500.000'));
      await screenshot(t.page, 'request-demo-id-empty', true);

      await t.page.getByLabel(l.contactName, { exact: true }).fill('Budi Santoso');
      await t.page.getByLabel(l.company, { exact: true }).fill('PT Sinar Uji Coba');
      await t.page.getByLabel(l.email, { exact: true }).fill(email);
      await t.page.getByLabel(l.phone, { exact: true }).fill('0812 3456 7890');
      await t.page.getByText('11–50 orang', { exact: true }).click();
      await pick(t.page, l.product, 'Akuntansi dan ERP');
      await t.page.getByLabel(/^Kebutuhan/).fill('Bagan akun dan laporan kas untuk dua cabang.');

      // A wrong code: checked when the visitor leaves the field, refused in Indonesian next to it — an answer of the
      // server (200), not a failed request: the browser logs no error on this public page.
      const consoleErrors: string[] = [];
      t.page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      const promo = t.page.getByLabel(new RegExp(`^${l.promoCode}`));
      await promo.fill('BUKANKODE');
      await promo.press('Tab');
      await t.page.getByText(l.promoNotFound).waitFor();
      expect(consoleErrors).toEqual([]);
      expect(await summary(t.page).getByTestId('summary-discount').count()).toBe(0);
      await screenshot(t.page, 'request-demo-id-bad-promo', true);

      // NUSA10: 10% of the Business package (Rp 3.500.000), applied with the button.
      await promo.fill('NUSA10');
      // Typing drops the earlier answer (its message fades out).
      await t.page.getByText(l.promoNotFound).waitFor({ state: 'detached' });
      await t.page.getByRole('button', { name: l.apply }).click();
      await t.page.getByText(l.applied).waitFor();
      expect(await summary(t.page).getByTestId('summary-discount').textContent()).toMatch(/−Rp\s350\.000/);
      expect(await summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('3.150.000'));
      await screenshot(t.page, 'request-demo-id-promo-applied', true);

      // A reload of the first step keeps what was typed (in this tab) and checks the kept promo code again.
      await t.page.reload();
      await t.page.getByText(l.applied).waitFor();
      expect(await t.page.getByLabel(l.contactName, { exact: true }).inputValue()).toBe('Budi Santoso');
      expect(await t.page.getByLabel(/^Kebutuhan/).inputValue()).toBe('Bagan akun dan laporan kas untuk dua cabang.');
      expect(await summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('3.150.000'));

      // Enter in a field sends the form.
      await t.page.getByLabel(l.phone, { exact: true }).press('Enter');
      await t.page.waitForURL(/\/form-request\/payment\?/);
      const url = new URL(t.page.url());
      const requestId = url.searchParams.get('requestId')!;
      expect(url.searchParams.get('tenant')).toBe('demo');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      await t.page.getByRole('heading', { level: 1, name: l.paymentTitle }).waitFor();
      expect(await summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('3.150.000'));
      await screenshot(t.page, 'request-demo-id-payment-choice', true);

      await t.page.getByText(l.bankTransfer, { exact: true }).click();
      await t.page.getByRole('button', { name: l.payByTransfer }).click();
      await t.page.getByRole('heading', { name: l.transferTitle }).waitFor();
      expect(await t.page.getByTestId('transfer-amount').textContent()).toMatch(rp('3.150.000'));
      // Where to pay: the configured account (PAYMENT_BANK_ACCOUNT of the e2e server), the number with a copy button.
      expect(await t.page.getByTestId('transfer-bank').textContent()).toBe('Bank Central Asia');
      expect(await t.page.getByTestId('transfer-account-number').textContent()).toBe('5270 1234 56');
      expect(await t.page.getByTestId('transfer-account-holder').textContent()).toBe('PT Nusa Teknologi Indonesia');
      await t.page.getByTestId('transfer-account-number').locator('.ant-typography-copy').waitFor();
      // The memo reference is short and human: no tilde, no tenant code.
      const reference = (await t.page.getByTestId('transfer-reference').textContent())!;
      expect(reference).toMatch(/^NUSA-[2-9A-HJKMNP-Z]{6}$/);

      // The step survives a reload: the page reads the request and its payment from the server.
      await t.page.reload();
      await t.page.getByRole('heading', { name: l.transferTitle }).waitFor();
      expect(await t.page.getByTestId('transfer-amount').textContent()).toMatch(rp('3.150.000'));
      expect(new URL(t.page.url()).searchParams.get('requestId')).toBe(requestId);
      await screenshot(t.page, 'request-demo-id-transfer-after-reload', true);

      // Changing the method asks first; cancelling keeps the transfer.
      await t.page.getByRole('button', { name: l.changeMethod }).click();
      const confirm = t.page.locator('.ant-modal-confirm-title', { hasText: l.changeMethodTitle });
      await confirm.waitFor();
      await screenshot(t.page, 'request-demo-id-change-method-confirm');
      await answerConfirm(t.page, l.cancel);
      await confirm.waitFor({ state: 'hidden' });
      await t.page.getByTestId('transfer-amount').waitFor();

      const fileInput = t.page.locator('input[type=file]');
      // Not an image or PDF: refused before sending.
      await fileInput.setInputFiles({ name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from('bukan bukti') });
      await t.page.getByText(l.proofInvalid).waitFor();
      // Called a PNG but is not one: refused by the server (magic bytes), shown the same way.
      await fileInput.setInputFiles({ name: 'palsu.png', mimeType: 'image/png', buffer: Buffer.from('bukan gambar png') });
      await t.page.getByText('palsu.png tidak dapat diunggah').waitFor();
      await t.page.getByText(l.proofInvalid).waitFor();
      await screenshot(t.page, 'request-demo-id-proof-refused', true);

      await fileInput.setInputFiles({ name: 'bukti-transfer.png', mimeType: 'image/png', buffer: PNG });
      await waitForPath(t.page, `/form-request/complete?tenant=demo&requestId=${requestId}`);
      await t.page.getByText(l.proofReceived).waitFor();
      // The request number is the same reference, and the amount is due (awaiting confirmation), not paid yet.
      expect(await t.page.getByTestId('request-reference').textContent()).toBe(reference);
      await t.page.locator('.ant-descriptions').getByText(l.totalDue, { exact: true }).waitFor();
      expect(await t.page.locator('.ant-descriptions').getByText(l.totalPaid, { exact: true }).count()).toBe(0);
      expect(await t.page.getByTestId('complete-amount').textContent()).toContain(l.awaitingConfirmation);
      expect(await t.page.locator('.ant-descriptions').textContent()).not.toContain(requestId);
      await screenshot(t.page, 'request-demo-id-complete', true);

      // The completion page reads the request's state from the server too.
      await t.page.reload();
      await t.page.getByText(l.proofReceived).waitFor();
      expect(await summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('3.150.000'));

      await t.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(t.page, 'request-demo-id-complete-mobile', true);
      await t.page.setViewportSize({ width: 1366, height: 860 });

      // The payment link of the confirmation mail, opened again, leads to the completion page.
      await t.page.goto(`/form-request/payment?tenant=demo&requestId=${requestId}`);
      await waitForPath(t.page, `/form-request/complete?tenant=demo&requestId=${requestId}`);

      // The sent request's draft is gone: a new request starts empty.
      await t.page.goto('/request-demo');
      await t.page.getByRole('heading', { level: 1, name: l.title }).waitFor();
      expect(await t.page.getByLabel(l.contactName, { exact: true }).inputValue()).toBe('');

      const { token } = await apiLogin('admin');
      const leads = await api<{ items: Lead[]; total: number }>('GET', `/v1/admin/leads?keyword=${encodeURIComponent(email)}`, { token });
      expect(leads.status).toBe(200);
      expect(leads.body.items).toHaveLength(1);
      expect(leads.body.items[0]).toMatchObject({
        leadId: requestId,
        reference,
        contactName: 'Budi Santoso',
        email,
        company: 'PT Sinar Uji Coba',
        companySize: '11-50',
        product: 'erp',
        package: 'business',
        promoCode: 'NUSA10',
        channel: 'web',
        status: 'NEW',
        price: '3500000.0000',
        discount: '350000.0000',
        amount: '3150000.0000',
        payment: { method: 'bank-transfer', status: 'PROOF_UPLOADED', hasProof: true, amount: '3150000.0000', orderId: reference },
      });
      const proof = await fetch(`${new URL(t.page.url()).origin}/api/v1/admin/leads/${requestId}/payment/proof`, {
        headers: { authorization: `Bearer ${token}`, 'x-tenant': 'demo' },
      });
      expect(proof.status).toBe(200);
      expect(Buffer.from(await proof.arrayBuffer()).equals(PNG)).toBe(true);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('a visitor pays a demo request through the hosted checkout, comes back to a paid request; forged notifications change nothing', async () => {
    const t = await openPage(browser);
    const l = tx.id;
    const email = `rina.e2e.${Date.now().toString(36)}@example.com`;
    const gatewayUrl = inject('e2eGatewayUrl');
    try {
      await t.page.goto('/request-demo');
      await t.page.getByRole('heading', { level: 1, name: l.title }).waitFor();
      await t.page.getByLabel(l.contactName, { exact: true }).fill('Rina Kartika');
      await t.page.getByLabel(l.company, { exact: true }).fill('CV Gerbang Uji');
      await t.page.getByLabel(l.email, { exact: true }).fill(email);
      await t.page.getByLabel(l.phone, { exact: true }).fill('0813 1111 2222');
      await t.page.getByText('11–50 orang', { exact: true }).click();
      await pick(t.page, l.product, 'Akuntansi dan ERP');
      await expect.poll(() => summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('3.500.000'));
      await t.page.getByLabel(l.phone, { exact: true }).press('Enter');
      await t.page.waitForURL(/\/form-request\/payment\?/);
      const requestId = new URL(t.page.url()).searchParams.get('requestId')!;
      await t.page.getByRole('heading', { level: 1, name: l.paymentTitle }).waitFor();

      await t.page.getByText(l.gateway, { exact: true }).click();
      await t.page.getByRole('button', { name: l.payByGateway }).click();
      // The hosted checkout, on the gateway's own origin, with the order the server opened there.
      await t.page.waitForURL((u) => u.href.startsWith(`${gatewayUrl}/snap/v4/redirection/`));
      expect(await t.page.getByTestId('gateway-amount').textContent()).toMatch(rp('3.500.000'));
      const orderId = (await t.page.getByTestId('gateway-order-id').textContent())!;
      expect(orderId).toMatch(/^demo~[0-9a-f]{16}$/);
      await screenshot(t.page, 'request-demo-id-gateway-checkout');
      expect(await leadOf(email)).toMatchObject({
        leadId: requestId,
        amount: '3500000.0000',
        payment: { method: 'gateway', status: 'PENDING', orderId, amount: '3500000.0000' },
      });

      // A settlement for this very order, signed with a guessed key: refused, the request stays unpaid.
      const settlement = { order_id: orderId, status_code: '200', gross_amount: '3500000.00', transaction_status: 'settlement', fraud_status: 'accept' };
      const forged = await notify({ ...settlement, signature_key: snapSignature(orderId, '200', '3500000.00', 'SB-Mid-server-guessed') });
      expect(forged).toEqual({ status: 403, body: { errorCode: 'payment_notification_invalid', errorArgs: [] } });
      expect((await leadOf(email)).payment).toMatchObject({ status: 'PENDING' });

      // Pay: the gateway notifies the server (signed with the server key), then sends the visitor back.
      await t.page.getByRole('button', { name: 'Bayar', exact: true }).click();
      // It returns to the gateway's finish address (?order_id=…), which becomes the request's own address.
      await waitForPath(t.page, `/form-request/complete?tenant=demo&requestId=${requestId}`);
      await t.page.getByText(l.paidTitle).waitFor();
      const details = t.page.locator('.ant-descriptions');
      expect(await t.page.getByTestId('request-reference').textContent()).toMatch(/^NUSA-[2-9A-HJKMNP-Z]{6}$/);
      await details.getByText(l.totalPaid, { exact: true }).waitFor();
      await details.getByText(l.gateway, { exact: true }).waitFor();
      await details.getByText(l.paid, { exact: true }).waitFor();
      expect(await summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('3.500.000'));
      await screenshot(t.page, 'request-demo-id-gateway-paid', true);

      // The paid state is the server's: a reload shows it again.
      await t.page.reload();
      await t.page.getByText(l.paidTitle).waitFor();
      await details.getByText(l.paid, { exact: true }).waitFor();

      const paid = await leadOf(email);
      expect(paid.payment).toMatchObject({ method: 'gateway', status: 'PAID', orderId, amount: '3500000.0000' });
      expect(paid.payment?.paidAt).toBeTruthy();

      // A forged failure after the payment changes nothing either.
      const expire = { ...settlement, status_code: '407', transaction_status: 'expire' };
      expect((await notify({ ...expire, signature_key: snapSignature(orderId, '407', '3500000.00', 'SB-Mid-server-guessed') })).status).toBe(403);
      expect((await leadOf(email)).payment).toMatchObject({ status: 'PAID' });
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('the first step in English: required fields, a promo refused for the company size and accepted after changing it', async () => {
    const t = await openPage(browser, { language: 'en' });
    const l = tx.en;
    try {
      await t.page.goto('/request-demo');
      await t.page.getByRole('heading', { level: 1, name: l.title }).waitFor();
      expect(await t.page.title()).toBe('Nusa | Request a Demo');
      // Prices in English: commas between thousands.
      await t.page.getByText(/^Rp\s1,500,000\s*per month$/).waitFor();
      await t.page.getByRole('button', { name: l.submit }).click();
      await t.page.getByText(l.contactRequired).waitFor();
      await t.page.getByText(l.sizeRequired).waitFor();
      expect(t.page.url()).toMatch(/\/request-demo$/);

      await t.page.getByLabel(l.contactName, { exact: true }).fill('Sari Wijaya');
      // A code applied before the company size: the promo field says what is missing.
      const promo = t.page.getByLabel(new RegExp(`^${l.promoCode}`));
      await promo.fill('UMKM25');
      await t.page.getByRole('button', { name: l.apply }).click();
      await t.page.getByText(l.promoNeedsSize).waitFor();
      await screenshot(t.page, 'request-demo-en-promo-needs-size', true);
      await promo.fill('');
      await t.page.getByText('51–200 people', { exact: true }).click();
      // UMKM25 is for micro and small businesses only.
      await promo.fill('UMKM25');
      await promo.press('Enter');
      await t.page.getByText(l.segmentNotEligible).waitFor();
      // Enter in the promo field applies the code; it does not send the form.
      expect(t.page.url()).toMatch(/\/request-demo$/);
      await screenshot(t.page, 'request-demo-en-segment-refused', true);

      // A smaller company: the code is checked again by itself, 25% of Business.
      await t.page.getByText('1–10 people', { exact: true }).click();
      await t.page.getByText(l.applied).waitFor();
      expect(await summary(t.page).getByTestId('summary-discount').textContent()).toMatch(/−Rp\s875,000/);
      expect(await summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('2,625,000'));
      // Another package: the discount follows it.
      await t.page.getByText('Starter', { exact: true }).click();
      await expect.poll(() => summary(t.page).getByTestId('summary-amount').textContent()).toMatch(rp('1,125,000'));
      // Typed values are kept through all of it.
      expect(await t.page.getByLabel(l.contactName, { exact: true }).inputValue()).toBe('Sari Wijaya');
      await screenshot(t.page, 'request-demo-en-promo-applied', true);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a site offering no payment method (no bank account, no gateway) says what happens next instead of an unpayable instruction', async () => {
    const pre = await api<{ token: string }>('POST', '/v1/auth/pre-login');
    const anon = await api<{ token: string }>('POST', '/v1/auth/anonymous', { token: pre.body.token });
    const created = await api<{ requestId: string; reference: string }>('POST', '/v1/public/demo-requests', {
      token: anon.body.token,
      body: {
        contactName: 'Tono',
        email: `tono.e2e.${Date.now().toString(36)}@example.com`,
        phone: '0812 3456 7890',
        company: 'CV Tanpa Rekening',
        companySize: '1-10',
        product: 'erp',
        package: 'starter',
      },
    });
    expect(created.status).toBe(200);
    const t = await openPage(browser);
    try {
      // The server of this suite has both methods; this page sees the answer of one configured with neither.
      await t.page.route('**/api/v1/public/payment-options', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ bankAccount: null, gateway: false }) }),
      );
      await t.page.goto(`/form-request/payment?tenant=demo&requestId=${created.body.requestId}`);
      const notice = t.page.getByTestId('no-payment-method');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(created.body.reference);
      expect(await t.page.getByText(tx.id.bankTransfer, { exact: true }).count()).toBe(0);
      expect(await t.page.getByRole('button', { name: tx.id.payByTransfer }).count()).toBe(0);
      await screenshot(t.page, 'request-demo-id-no-payment-method', true);
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a payment link without a known request says so and leads back to the form', async () => {
    const t = await openPage(browser);
    try {
      await t.page.goto('/form-request/payment?tenant=demo&requestId=0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
      await t.page.getByText(tx.id.missing).waitFor();
      await screenshot(t.page, 'request-demo-id-missing');
      await t.page.getByRole('button', { name: 'Buat permintaan demo' }).click();
      await waitForPath(t.page, '/request-demo');
      await t.page.goto('/form-request/complete');
      await t.page.getByText(tx.id.missing).waitFor();
      expect(t.pageErrors).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
