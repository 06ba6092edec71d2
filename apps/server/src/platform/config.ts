import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads from the environment; README's configuration table lists the same. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_APP_ROLE: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier').default('nusa_app'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(60).default(8 * 3600),
  WORK_TOKEN_SECONDS: z.coerce.number().int().min(60).default(86400),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).default(900),
  SEED_DEMO: bool.default(true),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JOBS: bool.default(true),
});

export type Config = z.output<typeof schema> & { dataDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
