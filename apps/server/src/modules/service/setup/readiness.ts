import { READINESS_MIN_ACCURACY, type ServiceClientReadiness } from '@nusa/contracts';
import type { Tx } from '../../../platform/db/tenant.ts';
import { listChannels, type ChannelPlatform } from '../channels/service.ts';
import type { ClientRow } from '../clients/service.ts';
import { intentsWithoutAnswer, trainingState } from '../intents/index.ts';

/** Intent names a warning shows; the page lists them all from `intentsWithoutAnswer`. */
const NAMED = 5;
const percent = (x: number) => Math.round(x * 100);

/**
 * What stands before a client answering customers well (issue 24): the wizard says "ready" only without warnings. The
 * accuracy is the newest finished training's held-out score (a run in progress or failed leaves it unknown).
 */
export async function readinessOf(tx: Tx, platform: ChannelPlatform, tenantCode: string, client: ClientRow): Promise<ServiceClientReadiness> {
  const training = await trainingState(tx, client.id);
  const accuracy = training.status === 'done' && training.metrics ? training.metrics.accuracy : null;
  const unanswered = await intentsWithoutAnswer(tx, client.id);
  const channels = (await listChannels(tx, platform, tenantCode, client.code)).items.map((c) => ({
    kind: c.kind,
    saved: c.channelId !== null,
    active: c.active,
  }));
  const warnings: ServiceClientReadiness['warnings'] = [];
  if (!training.activeTrainedAt) warnings.push({ code: 'not_trained', args: [] });
  if (accuracy !== null && accuracy < READINESS_MIN_ACCURACY)
    warnings.push({ code: 'low_accuracy', args: [percent(accuracy), percent(READINESS_MIN_ACCURACY)] });
  if (unanswered.length) warnings.push({ code: 'intents_without_answer', args: [unanswered.length, unanswered.slice(0, NAMED).join(', ')] });
  if (!channels.some((c) => c.active)) warnings.push({ code: 'no_active_channel', args: [] });
  return { ready: warnings.length === 0, accuracy, intentsWithoutAnswer: unanswered, channels, warnings };
}
