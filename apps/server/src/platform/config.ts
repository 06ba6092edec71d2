import path from 'node:path';
import { z } from 'zod';
import { parseAllowList } from './outbound/address.ts';

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false (also 1/0, yes/no)' }))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A whole number within bounds; `coerce` would take '', ' ', '0x10' and '1e3' for numbers. */
const int = (min: number, max: number = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Every setting the server reads from the environment; README's configuration table lists the same. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  DATABASE_APP_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .default('nusa_app'),
  /** Password of DATABASE_APP_ROLE; by default derived from the auth secret and set on the role at every start. */
  DATABASE_APP_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
  DATABASE_POOL_SIZE: int(2, 200).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_PG_PORT: int(1024, 65535).default(54329),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_SECONDS: int(60).default(8 * 3600),
  WORK_TOKEN_SECONDS: int(60).default(86400),
  LOGIN_LOCK_SECONDS: int(1).default(900),
  /** Wrong passwords one client address may send in a minute, whatever the usernames (per instance). */
  LOGIN_ADDRESS_FAILURES_PER_MINUTE: int(1).default(20),
  /** Wrong passwords the whole instance answers in a minute before it refuses logins for a while. */
  LOGIN_FAILURES_PER_MINUTE: int(1).default(600),
  /**
   * The public chat widget's limits, counted in PostgreSQL across instances (platform/rate-limit). Messages a minute
   * per visitor, per client address (an office behind one NAT shares it) and per channel (a client's widget, all
   * visitors); new conversations an hour per client address and per channel. Past them nothing is stored or answered.
   */
  /** Free-trial registrations an hour from one client address (see TRUST_PROXY): each one creates a tenant. */
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: int(1).default(5),
  WIDGET_VISITOR_MESSAGES_PER_MINUTE: int(1).default(12),
  WIDGET_ADDRESS_MESSAGES_PER_MINUTE: int(1).default(60),
  WIDGET_CHANNEL_MESSAGES_PER_MINUTE: int(1).default(600),
  WIDGET_ADDRESS_CONVERSATIONS_PER_HOUR: int(1).default(10),
  WIDGET_CHANNEL_CONVERSATIONS_PER_HOUR: int(1).default(300),
  /** Bearer token /api/metrics asks for; unset, the metrics are not served at all (they show memory, pool and route figures). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SEED_DEMO: bool.default(true),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
    .default('info'),
  JOBS: bool.default(true),
  /**
   * Which proxies in front of the server may name the client's address (X-Forwarded-For): none by default, else
   * their addresses or CIDR ranges (comma-separated), or the number of proxy hops. Trusting every sender would let
   * anyone pick the address that per-address limits (trial registrations, login throttling) count.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F:.]+(\/\d{1,3})?(\s*,\s*[0-9a-fA-F:.]+(\/\d{1,3})?)*)$/,
      'must be proxy addresses or CIDR ranges (comma-separated), or a number of hops',
    )
    .transform((v): number | string[] => (/^\d+$/.test(v) ? Number(v) : v.split(',').map((a) => a.trim())))
    .optional(),
  /** Mail goes to the outbox table and the log; with an smtp:// or smtps:// URL it is also sent through that server. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Nusa <no-reply@nusa.local>'),
  /**
   * The address users open the web at; links in mails (password reset), the widget's embed tag and channel webhooks
   * start with it. Unset: http://localhost on the port the server listens on (PORT, or the one given for PORT=0).
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /**
   * Private addresses the server may call when a setting names them (an on-premises model server, a test server):
   * host names, addresses or CIDR ranges, each with an optional :port, comma-separated. Without an entry the server
   * calls public addresses only, whoever typed the address (platform/outbound).
   */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseAllowList(v);
      if (Array.isArray(parsed)) return parsed;
      ctx.addIssue({ code: 'custom', message: `must be host names, addresses or CIDR ranges with an optional :port, comma-separated (${parsed.invalid})` });
      return z.NEVER;
    })
    .default([]),
  /** Hosted-checkout payment gateway (Midtrans Snap wire format); without both, payments are bank transfers only. */
  PAYMENT_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  PAYMENT_GATEWAY_SERVER_KEY: z.string().min(8).optional(),
  /** The account bank transfers go to, as "bank|account number|account holder". */
  PAYMENT_BANK_ACCOUNT: z
    .string()
    .regex(/^[^|]+\|[^|]+\|[^|]+$/, 'must be "bank|account number|account holder"')
    .optional(),
  /** Google's OAuth token endpoint, where a service account's signed JWT is exchanged for an access token (the sales analysis's Google Sheets). */
  GOOGLE_TOKEN_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://oauth2.googleapis.com/token'),
  /** The Google Sheets API's base (…/v4/spreadsheets/… is added). */
  GOOGLE_SHEETS_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://sheets.googleapis.com'),
  /** A service-account JSON key for every tenant that has not set its own in App configuration. */
  GOOGLE_SERVICE_ACCOUNT_KEY: z.string().min(2).optional(),
  /** The Google Sheet template users copy (the Google Sheet guide links to it). */
  GOOGLE_SHEETS_TEMPLATE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /**
   * What one tenant may store (issue 23; platform/limits): rows of one dataset, datasets per tenant, rows of all its
   * analysis datasets, data rows and bytes of one uploaded file. LIMIT_TRIAL_* hold for a tenant on an unpaid free trial.
   */
  LIMIT_DATASET_ROWS: int(1).default(2_000_000),
  LIMIT_TENANT_DATASETS: int(1).default(200),
  LIMIT_TENANT_ROWS: int(1).default(10_000_000),
  LIMIT_IMPORT_ROWS: int(1).default(100_000),
  LIMIT_IMPORT_BYTES: int(1).default(100 * 1024 * 1024),
  LIMIT_TRIAL_DATASET_ROWS: int(1).default(20_000),
  LIMIT_TRIAL_TENANT_DATASETS: int(1).default(10),
  LIMIT_TRIAL_TENANT_ROWS: int(1).default(100_000),
  LIMIT_TRIAL_IMPORT_ROWS: int(1).default(5_000),
  LIMIT_TRIAL_IMPORT_BYTES: int(1).default(10 * 1024 * 1024),
});

export type Config = Omit<z.output<typeof schema>, 'PUBLIC_URL'> & {
  dataDir: string;
  PUBLIC_URL: string;
  /** PUBLIC_URL was not set: it names the port the server listens on (buildApp corrects it once listening). */
  publicUrlFollowsPort: boolean;
};

export class ConfigError extends Error {}

/** Settings whose value must not reach a log: shown by length only. */
const SECRET = new Set(['AUTH_SECRET', 'DATABASE_APP_PASSWORD', 'PAYMENT_GATEWAY_SERVER_KEY', 'GOOGLE_SERVICE_ACCOUNT_KEY']);

/** The value as the error message may show it: secrets hidden, a URL's password masked. */
function shown(name: string, value: string | undefined): string {
  if (value === undefined) return 'unset';
  if (SECRET.has(name)) return `a value of ${value.length} characters`;
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@]*@/i, '$1***@'));
}

/**
 * Reads the settings; a variable set to an empty or blank value counts as unset (`PORT=` in an env file), so it
 * gets its default rather than 0. Every problem is reported in one error, one line per variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      return `  ${name}: ${i.message} (got ${shown(name, given[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { PUBLIC_URL, PORT } = parsed.data;
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    PUBLIC_URL: PUBLIC_URL ?? `http://localhost:${PORT}`,
    publicUrlFollowsPort: PUBLIC_URL === undefined,
  };
}
