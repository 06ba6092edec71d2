import { inject } from 'vitest';
import type { CapturedMail } from '../../apps/server/src/platform/mail/smtp-capture.ts';

/** Mails the e2e server sent, read from the mailbox that global-setup runs (mailbox-server.ts). */
export async function mailsTo(address: string): Promise<CapturedMail[]> {
  const all = (await (await fetch(inject('e2eMailboxUrl'))).json()) as CapturedMail[];
  return all.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** Waits for the `count`-th mail to `address` (delivery happens just after the request's answer). */
export async function waitForMail(address: string, count = 1, timeoutMs = 15_000): Promise<CapturedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails[count - 1];
    if (Date.now() > until) throw new Error(`no mail #${count} to ${address} within ${timeoutMs / 1000} s (${mails.length} received)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
