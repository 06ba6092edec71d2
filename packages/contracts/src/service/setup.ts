import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CLIENT_EDIT, SERVICE_TASKS } from './access.ts';
import { CHANNEL_KINDS } from './channels.ts';
import { clientCodeParam, setupState } from './clients.ts';

/**
 * The new-client wizard's "process all" (spec 4): import dataset, set up AI (train), run integration, in sequence as
 * a job. The page polls every SETUP_POLL_MS at most SETUP_POLL_ATTEMPTS times; a failed step is retried by asking
 * again (the steps already done are kept).
 */
export const SETUP_POLL_MS = 10_000;
export const SETUP_POLL_ATTEMPTS = 60;
export type ServiceSetupState = z.infer<typeof setupState>;

/** Held-out accuracy below this is not ready: many customers would get a wrong intent's answer or a person. */
export const READINESS_MIN_ACCURACY = 0.7;
/**
 * What stands between a set-up client and "ready", each with what to do: not_trained; low_accuracy [accuracy %,
 * minimum %]; intents_without_answer [how many, up to five names] (the bot then looks in the dataset and hands over when
 * it finds nothing); no_active_channel (no customer can reach the bot).
 */
export const READINESS_WARNINGS = ['not_trained', 'low_accuracy', 'intents_without_answer', 'no_active_channel'] as const;
export const serviceClientReadiness = z.object({
  ready: z.boolean(),
  /** Held-out accuracy of the model the bot uses, 0..1; null before the first training. */
  accuracy: z.number().nullable(),
  intentsWithoutAnswer: z.array(z.string()),
  channels: z.array(z.object({ kind: z.enum(CHANNEL_KINDS), saved: z.boolean(), active: z.boolean() })),
  warnings: z.array(z.object({ code: z.enum(READINESS_WARNINGS), args: z.array(z.union([z.string(), z.number()])) })),
});
export type ServiceClientReadiness = z.infer<typeof serviceClientReadiness>;

export const serviceSetupEndpoints = {
  processServiceClientSetup: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/setup',
    access: CLIENT_EDIT,
    summary:
      'Process all: import dataset (the client needs a dataset with items), set up AI (train its intents), run integration (activate its saved channels), ' +
      'in sequence as a job; after a failure only the failed and later steps run again. process_cannot_be_requested while one is queued or running',
    params: clientCodeParam,
    response: setupState,
  }),
  getServiceClientSetup: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/setup',
    access: SERVICE_TASKS,
    summary: "Where the client's set-up is: status draft|queued|running|done|failed and each step's status and error code",
    params: clientCodeParam,
    response: setupState,
  }),
  getServiceClientReadiness: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/readiness',
    access: SERVICE_TASKS,
    summary:
      'Whether the client is ready to answer customers: held-out accuracy, intents that answer without a response text, each channel saved and active, ' +
      'and the warnings (not_trained, low_accuracy, intents_without_answer, no_active_channel) that stand before ready',
    params: clientCodeParam,
    response: serviceClientReadiness,
  }),
};
