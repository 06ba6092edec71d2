import type { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CLIENT_EDIT, SERVICE_TASKS } from './access.ts';
import { clientCodeParam, setupState } from './clients.ts';

/**
 * The new-client wizard's "process all" (spec 4): import dataset, set up AI (train), run integration, in sequence as
 * a job. The page polls every SETUP_POLL_MS at most SETUP_POLL_ATTEMPTS times; a failed step is retried by asking
 * again (the steps already done are kept).
 */
export const SETUP_POLL_MS = 10_000;
export const SETUP_POLL_ATTEMPTS = 60;
export type ServiceSetupState = z.infer<typeof setupState>;

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
};
