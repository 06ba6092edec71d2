import { z } from 'zod';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'id';

/** Spec 3: the user session data kept by the browser. */
export const sessionData = z.object({
  fullName: z.string(),
  username: z.string(),
  tasks: z.array(z.string()),
  xTenantDefault: z.string(),
  userId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  sessionId: z.string(),
  userConfig: z.object({ defaultPage: z.string(), lastLogin: z.string().nullable() }),
  appConfig: z.object({ defaultLanguage: z.enum(LANGUAGES), productName: z.string() }),
});
export type SessionData = z.infer<typeof sessionData>;

/** Spec 9 constants of the self-signed (pre-login) token. */
export const PRELOGIN_TOKEN_EXPIRY_SECONDS = 10800;
export const PRELOGIN_TOKEN_IAT_TOLERANCE_SECONDS = 3600;

export const AUTH_TOKEN_HEADER = 'x-auth-token';
export const TENANT_HEADER = 'x-tenant';
