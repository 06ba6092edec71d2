import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on loopback that keeps what it receives (tests of the mail path). */
export async function startSmtpCapture(): Promise<{ url: string; mails: CapturedMail[]; close(): Promise<void> }> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head, ...rest] = raw.split(/\r?\n\r?\n/);
        const body = rest.join('\n\n');
        const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
        const subject = subjectLine
          .replace(/\r?\n[ \t]/g, ' ')
          .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
        const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
        const b64 = /Content-Transfer-Encoding: base64/i.test(head);
        const text = qp ? decodeQuotedPrintable(body) : b64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
