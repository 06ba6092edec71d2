import type { FastifyInstance } from 'fastify';
import { aiSettingsEndpoints, type AiConnectionResult, type AiSettingsInput } from '@nusa/contracts';
import { registerEndpoint } from '../../../platform/http/register.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { createLocalEngine } from '../../../platform/ai/local/index.ts';
import { checkConnection } from '../../../platform/ai/openai-compatible/index.ts';
import { aiSettingsView, checkComplete, getAiSettings, keyAfter, saveAiSettings, type SettingsSeal } from '../../../platform/ai/settings/service.ts';

/** The user is waiting and the request holds a database connection: a test gives up sooner than real calls may. */
const TEST_TIMEOUT_SECONDS = 20;

/**
 * "Test connection" of the settings on screen (saved or not): the local engine embeds a text; a remote provider
 * answers GET /models and a one-token chat. A failure is the result, in the provider's own words, not an error.
 */
async function testConnection(tx: Tx, tenantId: string, input: AiSettingsInput, seal: SettingsSeal): Promise<AiConnectionResult> {
  try {
    if (input.provider === 'local') {
      const { usage } = await createLocalEngine().embed(['tes koneksi']);
      return { ok: true, provider: 'local', models: [usage.model] };
    }
    checkComplete(input);
    const sealed = keyAfter(input, await getAiSettings(tx), seal, tenantId);
    const apiKey = sealed ? seal.openSetting(sealed, tenantId) : undefined;
    if (sealed && apiKey === undefined) throw new AppError('ai_settings_incomplete', ['apiKey']);
    const { models } = await checkConnection({
      baseUrl: input.baseUrl,
      apiKey,
      timeoutMs: Math.min(input.timeoutSeconds, TEST_TIMEOUT_SECONDS) * 1000,
      maxRetries: 0,
      models: { ...input.models, structured: input.models.structured || input.models.chat },
    });
    return { ok: true, provider: input.provider, models };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, provider: input.provider, models: [], errorCode: error.code, errorArgs: error.args };
  }
}

export function aiSettingsRoutes(app: FastifyInstance) {
  const seal = app.platform.tokens;
  registerEndpoint(app, aiSettingsEndpoints.getAiSettings, async ({ tx }) => aiSettingsView(await getAiSettings(tx)));
  registerEndpoint(app, aiSettingsEndpoints.saveAiSettings, ({ tx, principal, body }) => saveAiSettings(tx, principal, body, seal));
  registerEndpoint(app, aiSettingsEndpoints.testAiConnection, ({ tx, principal, body }) => testConnection(tx, principal.tenantId, body, seal));
}
