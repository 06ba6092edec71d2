import type { Lead, Language } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { getAppSettings } from '../../configuration/app-settings/service.ts';

const rupiah = (amount: string) => `Rp${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(BigInt(amount.split('.')[0]))}`;

const texts: Record<Language, (v: { product: string; lead: Lead; link: string }) => { subject: string; text: string }> = {
  id: ({ product, lead, link }) => ({
    subject: `${product}: permintaan demo Anda sudah kami terima`,
    text: `Halo ${lead.contactName},\n\nTerima kasih, permintaan demo ${product} untuk ${lead.company} sudah kami terima.\nProduk: ${lead.product}\nPaket: ${lead.package}\nJumlah: ${rupiah(lead.amount)}${lead.promoCode ? ` (kode promo ${lead.promoCode})` : ''}\n\nLanjutkan pembayaran atau lihat status permintaan Anda di:\n${link}\n\nTim kami akan segera menghubungi Anda.\n`,
  }),
  en: ({ product, lead, link }) => ({
    subject: `${product}: we received your demo request`,
    text: `Hello ${lead.contactName},\n\nThank you, we received the ${product} demo request for ${lead.company}.\nProduct: ${lead.product}\nPackage: ${lead.package}\nAmount: ${rupiah(lead.amount)}${lead.promoCode ? ` (promo code ${lead.promoCode})` : ''}\n\nContinue to payment or see the status of your request at:\n${link}\n\nOur team will contact you shortly.\n`,
  }),
};

/** Confirms a demo request to its contact, in the tenant's default language, with the link back to the payment step. */
export async function mailDemoRequestReceived(tx: Tx, mailer: Mailer, ctx: { tenantId: string; tenantCode: string; publicUrl: string }, lead: Lead) {
  const settings = await getAppSettings(tx);
  const link = `${ctx.publicUrl.replace(/\/+$/, '')}/form-request/payment?tenant=${encodeURIComponent(ctx.tenantCode)}&requestId=${lead.leadId}`;
  return mailer.send(tx, ctx.tenantId, { to: lead.email, ...texts[settings.defaultLanguage]({ product: settings.productName, lead, link }) });
}
