import http from 'node:http';
import { startSmtpCapture } from '../../apps/server/src/platform/mail/smtp-capture.ts';

/**
 * The e2e server's mail goes to a real SMTP server on loopback (started in global-setup, SMTP_URL of the server).
 * Test files run in other processes, so the received mails are read over a small HTTP endpoint beside it.
 */
export async function startMailbox() {
  const smtp = await startSmtpCapture();
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(smtp.mails));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    smtpUrl: smtp.url,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await smtp.close();
    },
  };
}
