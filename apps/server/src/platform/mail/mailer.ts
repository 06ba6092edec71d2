import nodemailer, { type Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/tenant.ts';
import { outbox } from './schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail {
  id: string;
  status: 'logged' | 'sent' | 'failed';
}

export interface Mailer {
  /**
   * Records the mail in the tenant's outbox (in the caller's transaction) and the log; when SMTP is configured
   * also hands it to the SMTP server. A failing SMTP server is recorded on the row, never thrown: callers such as
   * forgot-password must answer the same whatever happens to the mail.
   */
  send(tx: Tx, tenantId: string, message: MailMessage): Promise<SentMail>;
}

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export function createMailer(options: { smtpUrl?: string; from: string; log: Log }): Mailer {
  const smtp: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(tx, tenantId, message) {
      const id = uuidv7();
      let status: SentMail['status'] = 'logged';
      let messageId: string | null = null;
      let error: string | null = null;
      if (smtp) {
        try {
          const info = await smtp.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
          status = 'sent';
          messageId = info.messageId ?? null;
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
        }
      }
      await tx.insert(outbox).values({
        tenantId, id, toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null, status, messageId, error,
      });
      // The body may carry a one-time link: the log gets who, what and how it went, not the text.
      const entry = { mailId: id, tenantId, to: message.to, subject: message.subject, status, ...(error ? { error } : {}) };
      if (status === 'failed') options.log.warn(entry, 'mail not delivered');
      else options.log.info(entry, status === 'sent' ? 'mail sent' : 'mail written to outbox');
      return { id, status };
    },
  };
}

const mailers = new WeakMap<FastifyInstance, Mailer>();

/** The app's mailer, made once from its configuration. */
export function mailerOf(app: FastifyInstance): Mailer {
  let mailer = mailers.get(app);
  if (!mailer) {
    mailer = createMailer({ smtpUrl: app.platform.config.SMTP_URL, from: app.platform.config.MAIL_FROM, log: app.log });
    mailers.set(app, mailer);
  }
  return mailer;
}
