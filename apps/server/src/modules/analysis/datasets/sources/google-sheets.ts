import { importPKCS8, SignJWT } from 'jose';
import { AppError } from '../../../../platform/errors/app-error.ts';
import { logUpstreamFailure, outboundFetch } from '../../../../platform/outbound/index.ts';

/**
 * A Google Sheets API v4 client for a service account: the account's JWT (RS256) is signed here with `jose` and
 * exchanged at the token URL for an access token (RFC 7523 bearer grant, as Google documents for service accounts),
 * then the REST API is called through platform/outbound. Both addresses come from the server's configuration, so a
 * test server on loopback can stand in for Google (where the install allows its address).
 */

export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** A call to Google that has not answered by then counts as unreachable. */
const TIMEOUT_MS = 20_000;

export interface GoogleEndpoints {
  tokenUrl: string;
  apiUrl: string;
}

export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
}

/** The key as Google's console downloads it (JSON with client_email and private_key), or analysis_google_key_invalid. */
export function parseServiceAccountKey(json: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new AppError('analysis_google_key_invalid', ['JSON']);
  }
  const k = parsed as Record<string, unknown> | null;
  if (!k || typeof k !== 'object') throw new AppError('analysis_google_key_invalid', ['JSON']);
  if (typeof k.client_email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(k.client_email)) throw new AppError('analysis_google_key_invalid', ['client_email']);
  if (typeof k.private_key !== 'string' || !k.private_key.includes('PRIVATE KEY')) throw new AppError('analysis_google_key_invalid', ['private_key']);
  return {
    clientEmail: k.client_email,
    privateKey: k.private_key,
    privateKeyId: typeof k.private_key_id === 'string' ? k.private_key_id : undefined,
  };
}

/** Checks that the private key reads as a PKCS#8 RSA key (when saved, not at the first import). */
export async function checkPrivateKey(key: ServiceAccountKey) {
  try {
    await importPKCS8(key.privateKey, 'RS256');
  } catch {
    throw new AppError('analysis_google_key_invalid', ['private_key']);
  }
}

/** The spreadsheet id of a Google Sheets URL (…/spreadsheets/d/{id}/…), or of a bare id. */
export function spreadsheetIdOf(url: string): string {
  const m = /\/spreadsheets\/d\/([A-Za-z0-9_-]{10,})/.exec(url) ?? /^([A-Za-z0-9_-]{20,})$/.exec(url.trim());
  if (!m) throw new AppError('analysis_google_sheet_url_invalid');
  return m[1];
}

export const sheetUrlOf = (spreadsheetId: string) => `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`;

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await outboundFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network';
    throw new AppError('analysis_google_unreachable', [reason]);
  }
}

/**
 * What the caller learns of a failed answer: its status. Google's error text (`{error: {message}}`, or the token
 * endpoint's `{error, error_description}`) goes to the log, as any remote answer does.
 */
async function reasonOf(res: Response): Promise<string> {
  logUpstreamFailure('google', { status: res.status, body: await res.text().catch(() => '') });
  return `HTTP ${res.status}`;
}

/** An access token for the service account: its JWT signed and exchanged at the token URL. */
export async function accessToken(key: ServiceAccountKey, endpoints: GoogleEndpoints): Promise<string> {
  let privateKey: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    privateKey = await importPKCS8(key.privateKey, 'RS256');
  } catch {
    throw new AppError('analysis_google_key_invalid', ['private_key']);
  }
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: SHEETS_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) })
    .setIssuer(key.clientEmail)
    .setAudience(endpoints.tokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  const res = await call(endpoints.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
  });
  if (res.status >= 500) throw new AppError('analysis_google_unreachable', [`HTTP ${res.status}`]);
  if (!res.ok) throw new AppError('analysis_google_auth_failed', [await reasonOf(res)]);
  const body = (await res.json().catch(() => null)) as { access_token?: unknown } | null;
  if (typeof body?.access_token !== 'string') throw new AppError('analysis_google_auth_failed', ['no access_token']);
  return body.access_token;
}

/** A call to the Sheets API: 403 means the sheet is not shared with the account, 404 that there is no such sheet. */
async function sheetsGet<T>(token: string, endpoints: GoogleEndpoints, spreadsheetId: string, pathAndQuery: string, clientEmail: string): Promise<T> {
  const base = endpoints.apiUrl.replace(/\/+$/, '');
  const res = await call(`${base}/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (res.status === 403) throw new AppError('analysis_google_sheet_not_shared', [clientEmail]);
  if (res.status === 404) throw new AppError('analysis_google_sheet_not_found', [spreadsheetId]);
  if (res.status === 401) throw new AppError('analysis_google_auth_failed', [await reasonOf(res)]);
  if (!res.ok) throw new AppError('analysis_google_unreachable', [`HTTP ${res.status}`]);
  return (await res.json()) as T;
}

export interface SpreadsheetInfo {
  title: string;
  /** The first tab's title: the template's data lives there. */
  sheetTitle: string;
}

/** The spreadsheet's title and its first tab (`spreadsheets.get` with a field mask). */
export async function spreadsheetInfo(token: string, endpoints: GoogleEndpoints, spreadsheetId: string, clientEmail: string): Promise<SpreadsheetInfo> {
  const body = await sheetsGet<{ properties?: { title?: string }; sheets?: { properties?: { title?: string } }[] }>(
    token,
    endpoints,
    spreadsheetId,
    `?fields=${encodeURIComponent('properties.title,sheets.properties(sheetId,title,index)')}`,
    clientEmail,
  );
  const sheetTitle = body.sheets?.[0]?.properties?.title;
  if (!sheetTitle) throw new AppError('analysis_google_template_mismatch', ['(no sheet)']);
  return { title: body.properties?.title ?? spreadsheetId, sheetTitle };
}

/** The tab's cells as the sheet shows them (formatted values, rows), trailing blanks left out as the API does. */
export async function sheetValues(
  token: string,
  endpoints: GoogleEndpoints,
  spreadsheetId: string,
  sheetTitle: string,
  clientEmail: string,
): Promise<string[][]> {
  const range = `'${sheetTitle.replace(/'/g, "''")}'`;
  const body = await sheetsGet<{ values?: unknown[][] }>(
    token,
    endpoints,
    spreadsheetId,
    `/values/${encodeURIComponent(range)}?majorDimension=ROWS&valueRenderOption=FORMATTED_VALUE`,
    clientEmail,
  );
  return (body.values ?? []).map((row) => row.map((v) => (v === null || v === undefined ? '' : String(v))));
}
