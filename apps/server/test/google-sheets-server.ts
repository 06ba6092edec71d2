import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';

/**
 * A server on loopback that speaks Google's service-account token endpoint and the two Sheets API v4 calls the
 * analysis uses, with their documented JSON shapes:
 * - `POST /token` (form: grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer, assertion=<JWT>): the JWT's RS256
 *   signature is verified with the service account's public key, its iss, aud (this URL), scope, iat and exp checked;
 *   answers `{access_token, expires_in, token_type}` or `{error, error_description}` (400);
 * - `GET /v4/spreadsheets/{id}?fields=...`: `{spreadsheetId, properties: {title}, sheets: [{properties: {sheetId, title, index}}]}`;
 * - `GET /v4/spreadsheets/{id}/values/{range}`: `{range, majorDimension: 'ROWS', values}` (trailing blank cells dropped);
 * and Google's error body `{error: {code, message, status}}` with 401 (no or bad token), 403 (not shared with the
 * account) and 404 (no such spreadsheet).
 */
export interface TestSheet {
  title: string;
  tabs: { title: string; values: string[][] }[];
  /** The e-mails the sheet is shared with. */
  sharedWith: Set<string>;
}

export interface GoogleSheetsTestServer {
  tokenUrl: string;
  apiUrl: string;
  /** The service account's JSON key, as Google's console downloads it. */
  serviceAccountKey: string;
  clientEmail: string;
  sheets: Map<string, TestSheet>;
  /** Every request's method and path. */
  calls: string[];
  close(): Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';

export async function startGoogleSheetsServer(clientEmail = 'nusa-analysis@nusa-test.iam.gserviceaccount.com', port = 0): Promise<GoogleSheetsTestServer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateKeyId = randomBytes(20).toString('hex');
  const tokens = new Map<string, string>();
  const state: GoogleSheetsTestServer = {
    tokenUrl: '',
    apiUrl: '',
    clientEmail,
    serviceAccountKey: JSON.stringify({
      type: 'service_account',
      project_id: 'nusa-test',
      private_key_id: privateKeyId,
      private_key: await exportPKCS8(privateKey),
      client_email: clientEmail,
      client_id: '100000000000000000001',
      token_uri: '',
    }),
    sheets: new Map(),
    calls: [],
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      void handle(req, raw).then(([status, body]) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(body));
      });
    });
  });

  const googleError = (code: number, message: string, status: string): [number, unknown] => [code, { error: { code, message, status } }];

  async function handle(req: http.IncomingMessage, raw: string): Promise<[number, unknown]> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    state.calls.push(`${req.method} ${url.pathname}`);
    // Not Google's: how a test in another process (the e2e specs) puts a sheet here.
    const put = /^\/__test\/spreadsheets\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PUT' && put) {
      const sheet = JSON.parse(raw) as Omit<TestSheet, 'sharedWith'> & { sharedWith: string[] };
      state.sheets.set(decodeURIComponent(put[1]), { ...sheet, sharedWith: new Set(sheet.sharedWith) });
      return [200, {}];
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return [400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' }];
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, { algorithms: ['RS256'], issuer: clientEmail, audience: state.tokenUrl });
        if (payload.scope !== SCOPE) return [400, { error: 'invalid_scope', error_description: 'Invalid OAuth scope' }];
        if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number' || payload.exp - payload.iat > 3600)
          return [400, { error: 'invalid_grant', error_description: 'Invalid JWT: iat/exp' }];
      } catch {
        return [400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }];
      }
      const token = `ya29.${randomBytes(24).toString('base64url')}`;
      tokens.set(token, clientEmail);
      return [200, { access_token: token, expires_in: 3599, token_type: 'Bearer' }];
    }
    const m = /^\/v4\/spreadsheets\/([^/]+)(?:\/values\/(.+))?$/.exec(url.pathname);
    if (req.method !== 'GET' || !m) return googleError(404, 'Not Found', 'NOT_FOUND');
    const who = tokens.get(/^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!who) return googleError(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    const id = decodeURIComponent(m[1]);
    const sheet = state.sheets.get(id);
    if (!sheet) return googleError(404, 'Requested entity was not found.', 'NOT_FOUND');
    if (!sheet.sharedWith.has(who)) return googleError(403, 'The caller does not have permission', 'PERMISSION_DENIED');
    if (!m[2]) {
      return [
        200,
        {
          spreadsheetId: id,
          properties: { title: sheet.title },
          sheets: sheet.tabs.map((t, index) => ({ properties: { sheetId: index, title: t.title, index } })),
        },
      ];
    }
    const range = decodeURIComponent(m[2]);
    const tabTitle = range
      .replace(/!.*$/, '')
      .replace(/^'(.*)'$/, '$1')
      .replace(/''/g, "'");
    const tab = sheet.tabs.find((t) => t.title === tabTitle);
    if (!tab) return googleError(400, `Unable to parse range: ${range}`, 'INVALID_ARGUMENT');
    const values = tab.values.map((r) => {
      const row = [...r];
      while (row.length && row[row.length - 1] === '') row.pop();
      return row;
    });
    while (values.length && values[values.length - 1].length === 0) values.pop();
    const width = Math.max(1, ...values.map((r) => r.length));
    return [200, { range: `'${tab.title}'!A1:${String.fromCharCode(64 + Math.min(width, 26))}${values.length}`, majorDimension: 'ROWS', values }];
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.tokenUrl = `${base}/token`;
  state.apiUrl = base;
  state.serviceAccountKey = JSON.stringify({ ...JSON.parse(state.serviceAccountKey), token_uri: state.tokenUrl });
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A sheet made from the template: its header row and the rows under it. */
export const templateSheet = (title: string, rows: string[][], sharedWith: string[]): TestSheet => ({
  title,
  tabs: [{ title: 'Penjualan', values: [['Tanggal', 'Cabang', 'Produk', 'Kategori', 'Segmen', 'Pelanggan', 'Qty', 'Harga', 'Penjualan'], ...rows] }],
  sharedWith: new Set(sharedWith),
});
