import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LANGUAGES } from '../auth/session.ts';

export const releaseNotes = z.object({ version: z.string(), releaseDate: z.string(), notes: z.string() });

export const platformEndpoints = {
  appConfig: defineEndpoint({
    method: 'GET',
    path: '/v1/app/config',
    access: 'public',
    summary: "The tenant's public app configuration: product name, default language, release notes",
    response: z.object({
      tenant: z.string(),
      productName: z.string(),
      defaultLanguage: z.enum(LANGUAGES),
      appVersion: z.string(),
      releaseNotes,
    }),
  }),
};
