import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id; these are OWASP's minimum recommended costs.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

/** A hash of nothing in particular, verified against for unknown users so both paths take the same time. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy-password-for-timing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
