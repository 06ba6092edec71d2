import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { clientCodeParam } from './clients.ts';

/**
 * Fine tuning of a client's bot (issue 12, spec 2 /service/fine-tuning, task viewFineTuning, the only task spec 6
 * gives the page: it sees and starts runs). The training set is made from the client's intents (training phrase →
 * the intent's answer) and from conversations agents corrected (the customer's message → the agent's reply). On an
 * openai-compatible provider a run uploads it as JSONL and follows the provider's fine-tuning job; on the local
 * engine a run retrains the client's classifier and answer index and measures it before and after.
 */
export const FINE_TUNING = ['viewFineTuning'] as const;
export const JSONL_CONTENT_TYPE = 'application/jsonl';
/** The page asks for the run's state this often while it is not finished. */
export const FINE_TUNE_POLL_MS = 3_000;

export const FINE_TUNE_STATUSES = ['pending', 'validating_files', 'queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type FineTuneStatus = (typeof FINE_TUNE_STATUSES)[number];
export const FINE_TUNE_FINISHED: readonly FineTuneStatus[] = ['succeeded', 'failed', 'cancelled'];

export const trainingExample = z.object({
  source: z.enum(['intent', 'correction']),
  user: z.string(),
  assistant: z.string(),
  intent: z.string().nullable(),
});
export type TrainingExample = z.infer<typeof trainingExample>;

export const trainingSetSummary = z.object({
  clientCode: z.string(),
  systemInstruction: z.string(),
  /** Intents with at least one phrase. */
  intents: z.number().int(),
  /** Chat examples (the JSONL lines): from intents, from agents' corrections, and in all. */
  fromIntents: z.number().int(),
  fromCorrections: z.number().int(),
  chatExamples: z.number().int(),
  /** Labelled sentences the local classifier learns from (phrases and corrected intents). */
  classifierExamples: z.number().int(),
  /** Phrases left out of the chat set: their intent has no fixed answer text (it answers from the dataset). */
  withoutAnswer: z.number().int(),
  samples: z.array(trainingExample),
});
export type TrainingSetSummary = z.infer<typeof trainingSetSummary>;

export const fineTuneRun = z.object({
  runId: z.string(),
  clientCode: z.string(),
  provider: z.enum(['local', 'openai-compatible']),
  status: z.enum(FINE_TUNE_STATUSES),
  /** 0..100. */
  progress: z.number().int(),
  baseModel: z.string().nullable(),
  fileId: z.string().nullable(),
  jobId: z.string().nullable(),
  fineTunedModel: z.string().nullable(),
  chatExamples: z.number().int(),
  classifierExamples: z.number().int(),
  /** Local runs: classifier accuracy on the held-out fifth, with the earlier training data (before) and with all of it (after). */
  accuracyBefore: z.number().nullable(),
  accuracyAfter: z.number().nullable(),
  heldOut: z.number().int().nullable(),
  answerPairs: z.number().int(),
  errorCode: z.string().nullable(),
  /** The provider's own words when it failed. */
  error: z.string().nullable(),
  /** The provider's newest event message. */
  lastEvent: z.string().nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FineTuneRun = z.infer<typeof fineTuneRun>;

const runIdParam = z.object({ runId: z.uuid() });

export const serviceFineTuningEndpoints = {
  getTrainingSet: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/fine-tuning/training-set',
    access: FINE_TUNING,
    summary: "The client's fine-tuning set: counts by source and a few examples",
    params: clientCodeParam,
    response: trainingSetSummary,
  }),
  exportTrainingSet: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/fine-tuning/training-set.jsonl',
    access: FINE_TUNING,
    summary: 'The training set as JSONL in the OpenAI chat fine-tuning format: one {"messages":[system, user, assistant]} per line',
    params: clientCodeParam,
    response: z.custom<Uint8Array>(),
    file: { contentType: JSONL_CONTENT_TYPE },
  }),
  listFineTuneRuns: defineEndpoint({
    method: 'GET',
    path: '/v1/service/clients/{clientCode}/fine-tuning/runs',
    access: FINE_TUNING,
    summary: "The client's fine-tuning runs, newest first",
    params: clientCodeParam,
    response: z.object({ data: z.array(fineTuneRun) }),
  }),
  startFineTuneRun: defineEndpoint({
    method: 'POST',
    path: '/v1/service/clients/{clientCode}/fine-tuning/runs',
    access: FINE_TUNING,
    summary:
      "Start fine tuning on the client's engine as a job: remote, upload the JSONL and create the provider's job on the base chat model, then follow it; " +
      'local, retrain the classifier and answer index. process_cannot_be_requested while a run is not finished',
    params: clientCodeParam,
    response: fineTuneRun,
  }),
  getFineTuneRun: defineEndpoint({
    method: 'GET',
    path: '/v1/service/fine-tuning/runs/{runId}',
    access: FINE_TUNING,
    summary: 'One run with its status and progress; fine_tunning_not_exists when there is none',
    params: runIdParam,
    response: fineTuneRun,
  }),
  cancelFineTuneRun: defineEndpoint({
    method: 'POST',
    path: '/v1/service/fine-tuning/runs/{runId}/cancel',
    access: FINE_TUNING,
    summary: "Cancel a run that has not finished (the provider's job too); a finished one is answered as it is",
    params: runIdParam,
    response: fineTuneRun,
  }),
};
