import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { TEST_SECRET, cloneTemplate, startTestCluster } from '../../apps/server/test/test-database.ts';
import { startServer } from '../../apps/server/src/server.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { startMailbox } from './mailbox-server.ts';
import { startGateway } from './gateway-server.ts';
import { startGoogleSheetsServer } from '../../apps/server/test/google-sheets-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running server (API and built web app on one port), e.g. http://127.0.0.1:41234. */
    e2eBaseUrl: string;
    /** The server's database, for seeding extra tenants. */
    e2eDatabaseUrl: string;
    /** Mails the server sent over SMTP, as JSON (read with mailbox.ts). */
    e2eMailboxUrl: string;
    /** The loopback hosted checkout (Snap wire format) the server's gateway payments go to. */
    e2eGatewayUrl: string;
    /** The loopback Google (token endpoint and Sheets API) the server reads Google Sheets from; PUT /__test/spreadsheets/{id} adds a sheet. */
    e2eGoogleUrl: string;
    /** The e-mail of the deployment's Google service account (GOOGLE_SERVICE_ACCOUNT_KEY). */
    e2eGoogleAccount: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(root, 'apps/web');
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/landing.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contracts/src'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

/** Builds the web app when apps/web/dist is missing or older than anything the build reads. */
function ensureWebBuild() {
  const index = path.join(webDir, 'dist/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (built > 0 && !webSources.some((s) => newestMtime(path.join(root, s)) > built)) return;
  // flock: two runs at once on one checkout must not empty each other's dist half-way.
  // The production build the users get: vitest's NODE_ENV=test would give antd's test-only markup (aria ids "test-id").
  const env = { ...process.env, NODE_ENV: 'production' };
  const r = spawnSync('flock', ['/tmp/nusa-web-build.lock', 'npx', 'vite', 'build'], { cwd: webDir, encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

/**
 * This run's own copy of the build (taken under the build lock): another run on the checkout rebuilding dist
 * (emptyOutDir) must not take the files from under this run's server.
 */
function snapshotWebBuild(target: string) {
  const r = spawnSync('flock', ['/tmp/nusa-web-build.lock', 'cp', '-R', path.join(webDir, 'dist'), target], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`copying the web build failed:\n${r.stderr}`);
}

/** One PostgreSQL cluster and one real server for the whole e2e run; test files share it and use distinct users. */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const cluster = await startTestCluster();
  const db = await cloneTemplate(cluster.serverUrl, 'e2e');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nusa-e2e-data-'));
  const webDist = path.join(dataDir, 'web');
  snapshotWebBuild(webDist);
  const mailbox = await startMailbox();
  const gateway = await startGateway();
  const google = await startGoogleSheetsServer();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(
      loadConfig({
        DATABASE_URL: db.url,
        PORT: '0',
        HOST: '127.0.0.1',
        // The app role's database password derives from the secret; the template database was secured with this one.
        AUTH_SECRET: TEST_SECRET,
        LOG_LEVEL: 'silent',
        // As `npm start` runs: imports and account preparation go through the pg-boss queue.
        JOBS: 'true',
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        SMTP_URL: mailbox.smtpUrl,
        WEB_DIST: webDist,
        PAYMENT_GATEWAY_URL: gateway.url,
        PAYMENT_GATEWAY_SERVER_KEY: gateway.serverKey,
        PAYMENT_BANK_ACCOUNT: 'Bank Central Asia|5270 1234 56|PT Nusa Teknologi Indonesia',
        GOOGLE_TOKEN_URL: google.tokenUrl,
        GOOGLE_SHEETS_API_URL: google.apiUrl,
        GOOGLE_SERVICE_ACCOUNT_KEY: google.serviceAccountKey,
        // The gateway, Google and AI test servers listen on loopback: allowed as an on-premises install allows its own.
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        // Every e2e registration comes from 127.0.0.1: the registering tests and their retries together stay below this.
        REGISTRATIONS_PER_ADDRESS_PER_HOUR: '20',
      }),
      () => {},
    );
  } catch (err) {
    await db.drop().catch(() => {});
    await cluster.stop();
    await mailbox.close();
    await gateway.close();
    await google.close();
    throw err;
  }
  gateway.connect(server.url);
  project.provide('e2eBaseUrl', server.url);
  project.provide('e2eDatabaseUrl', db.url);
  project.provide('e2eMailboxUrl', mailbox.url);
  project.provide('e2eGatewayUrl', gateway.url);
  project.provide('e2eGoogleUrl', google.apiUrl);
  project.provide('e2eGoogleAccount', google.clientEmail);
  return async () => {
    await server.stop();
    await db.drop();
    await cluster.stop();
    await mailbox.close();
    await gateway.close();
    await google.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
