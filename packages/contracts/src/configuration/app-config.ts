import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LANGUAGES } from '../auth/session.ts';
import { passwordPolicy } from './password-policy.ts';

const isoDate = z.iso.date();

export const appConfiguration = z.object({
  productName: z.string().trim().min(1).max(60),
  defaultLanguage: z.enum(LANGUAGES),
  defaultPage: z.string().trim().min(1).max(200),
  releaseVersion: z.string().trim().min(1).max(30),
  releaseDate: isoDate,
  releaseNotes: z.string().max(5000),
});
export type AppConfiguration = z.infer<typeof appConfiguration>;

const CONFIG_TASKS = ['viewConfig', 'managePasswordPolicy'] as const;

export const appConfigEndpoints = {
  getAppConfiguration: defineEndpoint({
    method: 'GET',
    path: '/v1/config/app',
    access: CONFIG_TASKS,
    summary: 'App settings and the password policy of the tenant',
    response: z.object({ settings: appConfiguration, passwordPolicy }),
  }),
  saveAppConfiguration: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/app',
    access: ['viewConfig'],
    summary: 'Save product name, default language and page, release notes',
    body: appConfiguration,
    response: appConfiguration,
  }),
  savePasswordPolicy: defineEndpoint({
    method: 'PUT',
    path: '/v1/config/password-policy',
    access: ['managePasswordPolicy'],
    summary: 'Save the password policy (minimum length never below 4)',
    body: passwordPolicy,
    response: passwordPolicy,
  }),
};
