import type { FastifyInstance } from 'fastify';
import { APP_VERSION, appConfigEndpoints, platformEndpoints } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { getAppSettings, getPasswordPolicy } from './service.ts';
import { configurationOf, saveAppConfiguration, savePasswordPolicy } from './save.ts';

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
  registerEndpoint(app, appConfigEndpoints.getAppConfiguration, async ({ tx }) => ({
    settings: configurationOf(await getAppSettings(tx)),
    passwordPolicy: await getPasswordPolicy(tx),
  }));
  registerEndpoint(app, appConfigEndpoints.saveAppConfiguration, ({ tx, principal, body }) => saveAppConfiguration(tx, principal, body));
  registerEndpoint(app, appConfigEndpoints.savePasswordPolicy, ({ tx, principal, body }) => savePasswordPolicy(tx, principal, body));
}
