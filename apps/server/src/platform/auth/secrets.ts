import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface Secrets {
  /** HS256 key of every JWT the server signs. */
  signingKey: Uint8Array;
  /** A256GCM key of the encrypted redirect credential bundles. */
  encryptionKey: Uint8Array;
  /** AES-256-GCM key of settings kept sealed at rest (a tenant's AI provider key). */
  settingsKey: Uint8Array;
  /** Password of the database app role the request pool logs in as (the same on every instance sharing the secret). */
  databasePassword: string;
}

const derive = (secret: string, purpose: string) => new Uint8Array(createHash('sha256').update(`${purpose}:${secret}`).digest());

/**
 * Keys come from AUTH_SECRET, or from a secret generated once into the data directory, so tokens survive a
 * restart. Several instances must share AUTH_SECRET.
 */
export async function loadSecrets(authSecret: string | undefined, dataDir: string): Promise<Secrets> {
  let secret = authSecret;
  if (!secret) {
    const file = path.join(dataDir, 'auth-secret');
    secret = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (!secret) {
      secret = randomBytes(48).toString('base64url');
      await fs.mkdir(dataDir, { recursive: true });
      await fs.writeFile(file, secret, { mode: 0o600 });
    }
  }
  return {
    signingKey: derive(secret.trim(), 'jwt'),
    encryptionKey: derive(secret.trim(), 'jwe'),
    settingsKey: derive(secret.trim(), 'settings-at-rest'),
    databasePassword: Buffer.from(derive(secret.trim(), 'database-app-role')).toString('base64url'),
  };
}
