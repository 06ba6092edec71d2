import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type pg from 'pg';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { withTenant, type Tx } from '../db/tenant.ts';
import { outbox } from './schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface QueuedMail {
  id: string;
  /** 'logged': no SMTP configured, the outbox row and the log are the delivery; 'queued': waits for deliver(). */
  status: 'logged' | 'queued';
  /**
   * Hands the mail to the SMTP server and records 'sent' or 'failed' on its row. Call it after the transaction
   * that wrote the mail committed: a mail whose transaction rolled back has no row and is not sent.
   */
  deliver(): Promise<'sent' | 'failed' | 'skipped'>;
}

export interface Mailer {
  /**
   * Records the mail in the tenant's outbox inside the caller's transaction, and in the log. Sending happens in
   * deliver(), after the commit: no SMTP round trip inside a database transaction, and a request's answer time
   * does not depend on whether it sent a mail (forgot-password answers the same for unknown accounts).
   */
  send(tx: Tx, tenantId: string, message: MailMessage): Promise<QueuedMail>;
}

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export function createMailer(options: { smtpUrl?: string; from: string; log: Log; pool: pg.Pool }): Mailer {
  const smtp: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  const deliver = async (tenantId: string, id: string, message: MailMessage): Promise<'sent' | 'failed' | 'skipped'> => {
    if (!smtp) return 'skipped';
    return withTenant(options.pool, tenantId, async (tx) => {
      const rows = await tx.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)).for('update');
      if (rows[0]?.status !== 'queued') return 'skipped';
      let status: 'sent' | 'failed' = 'sent';
      let messageId: string | null = null;
      let error: string | null = null;
      try {
        const info = await smtp.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        messageId = info.messageId ?? null;
      } catch (err) {
        status = 'failed';
        error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      }
      await tx.update(outbox).set({ status, messageId, error }).where(eq(outbox.id, id));
      const entry = { mailId: id, tenantId, to: message.to, subject: message.subject, status, ...(error ? { error } : {}) };
      if (status === 'failed') options.log.warn(entry, 'mail not delivered');
      else options.log.info(entry, 'mail sent');
      return status;
    });
  };

  return {
    async send(tx, tenantId, message) {
      const id = uuidv7();
      const status = smtp ? 'queued' : 'logged';
      await tx
        .insert(outbox)
        .values({ tenantId, id, toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null, status });
      // The body may carry a one-time link: the log gets who, what and how it went, not the text.
      options.log.info({ mailId: id, tenantId, to: message.to, subject: message.subject, status }, 'mail written to outbox');
      return { id, status, deliver: () => deliver(tenantId, id, message) };
    },
  };
}

const mailers = new WeakMap<FastifyInstance, Mailer>();

/** The app's mailer, made once from its configuration. */
export function mailerOf(app: FastifyInstance): Mailer {
  let mailer = mailers.get(app);
  if (!mailer) {
    mailer = createMailer({ smtpUrl: app.platform.config.SMTP_URL, from: app.platform.config.MAIL_FROM, log: app.log, pool: app.platform.pools.app });
    mailers.set(app, mailer);
  }
  return mailer;
}

/** Delivers the request's mails once the response (and so the request's transaction) is finished. */
export function deliverAfterResponse(app: FastifyInstance, raw: ServerResponse, mails: QueuedMail[]) {
  if (!mails.length) return;
  raw.once('finish', () => {
    for (const mail of mails) mail.deliver().catch((err) => app.log.warn({ err, mailId: mail.id }, 'mail delivery failed'));
  });
}
