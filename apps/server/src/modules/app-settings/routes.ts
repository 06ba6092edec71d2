import type { FastifyInstance } from 'fastify';
import { APP_VERSION, platformEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../../platform/http/register.ts';
import { getAppSettings } from './service.ts';

export function appSettingsRoutes(app: FastifyInstance) {
  registerEndpoint(app, platformEndpoints.appConfig, async ({ tx, tenant }) => {
    const s = await getAppSettings(tx);
    return {
      tenant: tenant.code,
      productName: s.productName,
      defaultLanguage: s.defaultLanguage,
      appVersion: APP_VERSION,
      releaseNotes: { version: s.releaseVersion, releaseDate: s.releaseDate, notes: s.releaseNotes },
    };
  });
}
