import { randomUUID } from 'node:crypto';
import { EncryptJWT, SignJWT, errors as joseErrors, jwtDecrypt, jwtVerify } from 'jose';
import { PRELOGIN_TOKEN_EXPIRY_SECONDS, PRELOGIN_TOKEN_IAT_TOLERANCE_SECONDS } from '@nusa/contracts';
import type { Secrets } from './secrets.ts';
import { openText, sealText } from './sealed.ts';

export type WorkClaims = { typ: 'work'; sid: string; uid: string; rid: string; tid: string; tcode: string };
export type AnonymousClaims = { typ: 'anon'; tid: string; tcode: string };
export type PreLoginClaims = { typ: 'prelogin' };
export type TokenClaims = WorkClaims | AnonymousClaims | PreLoginClaims;
/** A verified token: its claims with the expiry and issue time every token of ours carries. */
export type Verified<C extends TokenClaims> = C & { exp: number; iat: number };

export type RedirectBundle = { username: string; password: string; remember: boolean; tcode: string; jti: string };

const nowSeconds = () => Math.floor(Date.now() / 1000);

export class TokenService {
  constructor(
    private readonly secrets: Secrets,
    private readonly workSeconds: number,
  ) {}

  private sign(claims: TokenClaims, expiresIn: number, issuedAt = nowSeconds()) {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresIn)
      .sign(this.secrets.signingKey);
  }

  signWork(claims: Omit<WorkClaims, 'typ'>) {
    return this.sign({ typ: 'work', ...claims }, this.workSeconds);
  }
  signAnonymous(claims: Omit<AnonymousClaims, 'typ'>) {
    return this.sign({ typ: 'anon', ...claims }, this.workSeconds);
  }
  /** Spec 9: the short-lived self-signed token, expiring 10800 s ahead. */
  signPreLogin(issuedAt = nowSeconds()) {
    return this.sign({ typ: 'prelogin' }, PRELOGIN_TOKEN_EXPIRY_SECONDS, issuedAt);
  }

  /** Verifies signature, expiry and issue time; undefined for anything not signed by us, expired, or lacking either. */
  async verify(token: string): Promise<Verified<WorkClaims> | Verified<AnonymousClaims> | Verified<PreLoginClaims> | undefined> {
    try {
      // A token without an expiry or issue time is not one of ours, however well signed.
      const { payload } = await jwtVerify(token, this.secrets.signingKey, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] });
      const iat = payload.iat ?? 0;
      // Spec 9: issued-at may be up to 3600 s off the server's clock.
      if (iat > nowSeconds() + PRELOGIN_TOKEN_IAT_TOLERANCE_SECONDS) return undefined;
      const typ = payload.typ;
      if (typ === 'work' || typ === 'anon' || typ === 'prelogin')
        return payload as unknown as Verified<WorkClaims> | Verified<AnonymousClaims> | Verified<PreLoginClaims>;
      return undefined;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return undefined;
      throw err;
    }
  }

  /** A secret setting (a tenant's AI provider key) sealed for storage; `context` is the tenant id. */
  sealSetting(plain: string, context: string): string {
    return sealText(this.secrets.settingsKey, plain, context);
  }

  /** The plain text of a sealed setting, or undefined when it does not open (another secret, another tenant). */
  openSetting(sealed: string, context: string): string | undefined {
    return openText(this.secrets.settingsKey, sealed, context);
  }

  encryptRedirect(bundle: Omit<RedirectBundle, 'jti'>, expiresIn: number): Promise<string> {
    return new EncryptJWT({ ...bundle })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(nowSeconds() + expiresIn)
      .encrypt(this.secrets.encryptionKey);
  }

  async decryptRedirect(jwe: string): Promise<(RedirectBundle & { exp: number }) | undefined> {
    try {
      const { payload } = await jwtDecrypt(jwe, this.secrets.encryptionKey);
      const p = payload as Partial<RedirectBundle> & { exp?: number };
      if (typeof p.username !== 'string' || typeof p.password !== 'string' || typeof p.tcode !== 'string' || !p.jti || !p.exp) return undefined;
      return { username: p.username, password: p.password, remember: p.remember === true, tcode: p.tcode, jti: p.jti, exp: p.exp };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return undefined;
      throw err;
    }
  }
}
