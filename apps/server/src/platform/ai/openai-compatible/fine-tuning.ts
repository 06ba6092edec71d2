import { AppError } from '../../errors/app-error.ts';
import { ProviderHttpError, withRetries, type RetryPolicy } from './retry.ts';
import { outboundFetch } from '../../outbound/index.ts';

/**
 * The OpenAI files and fine-tuning jobs API over plain fetch (the AI SDK has none), with the engine's retry policy:
 * 429/5xx retried, the last failure `ai_response_failed` with the provider's own words.
 */
export interface FineTuningConnection {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
  backoffMs?: number;
  fetch?: typeof fetch;
}

export type ProviderJobStatus = 'validating_files' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** The fields of OpenAI's fine_tuning.job object this server reads. */
export interface ProviderFineTuneJob {
  id: string;
  object: 'fine_tuning.job';
  model: string;
  status: ProviderJobStatus;
  training_file: string;
  fine_tuned_model: string | null;
  error: { code?: string | null; message?: string | null; param?: string | null } | null;
  finished_at: number | null;
  trained_tokens?: number | null;
}

export interface ProviderFineTuneEvent {
  id: string;
  object: 'fine_tuning.job.event';
  created_at: number;
  level: string;
  message: string;
  type?: string;
  data?: { step?: number; total_steps?: number } | null;
}

const STATUSES: readonly string[] = ['validating_files', 'queued', 'running', 'succeeded', 'failed', 'cancelled'];

export function createFineTuningClient(c: FineTuningConnection) {
  const base = c.baseUrl.replace(/\/+$/, '');
  const doFetch = c.fetch ?? outboundFetch;
  const policy: RetryPolicy = { maxRetries: c.maxRetries, timeoutMs: c.timeoutMs, backoffMs: c.backoffMs ?? 500, maxDelayMs: 20_000 };
  const headers = (): Record<string, string> => (c.apiKey ? { authorization: `Bearer ${c.apiKey}` } : {});

  async function request<T>(method: 'GET' | 'POST', path: string, body?: FormData | object): Promise<T> {
    return withRetries(policy, async ({ signal }) => {
      const init: RequestInit = { method, signal, headers: headers() };
      if (body instanceof FormData) init.body = body;
      else if (body) {
        init.body = JSON.stringify(body);
        init.headers = { ...headers(), 'content-type': 'application/json' };
      }
      const res = await doFetch(`${base}${path}`, init);
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (!res.ok) {
        const err = (json as { error?: { message?: unknown } | string } | undefined)?.error;
        const message = typeof err === 'string' ? err : typeof err?.message === 'string' ? err.message : text.slice(0, 200) || res.statusText;
        const responseHeaders: Record<string, string> = {};
        res.headers.forEach((value, name) => (responseHeaders[name] = value));
        throw new ProviderHttpError(res.status, message, responseHeaders);
      }
      if (json === undefined) throw new AppError('ai_response_failed', [`${method} ${path}: no JSON in the answer`]);
      return json as T;
    });
  }

  const checkedJob = (job: ProviderFineTuneJob): ProviderFineTuneJob => {
    if (typeof job?.id !== 'string' || !STATUSES.includes(job.status)) throw new AppError('ai_response_failed', ['not a fine_tuning.job in the answer']);
    return job;
  };
  const jobPath = (id: string) => `/fine_tuning/jobs/${encodeURIComponent(id)}`;

  return {
    /** POST /files (multipart, purpose fine-tune): answers the file id. */
    async uploadTrainingFile(jsonl: string, filename: string): Promise<string> {
      const form = new FormData();
      form.set('purpose', 'fine-tune');
      form.set('file', new Blob([jsonl], { type: 'application/jsonl' }), filename);
      const file = await request<{ id?: unknown }>('POST', '/files', form);
      if (typeof file.id !== 'string') throw new AppError('ai_response_failed', ['no file id in the answer']);
      return file.id;
    },
    createJob: async (trainingFile: string, model: string, suffix?: string) =>
      checkedJob(await request<ProviderFineTuneJob>('POST', '/fine_tuning/jobs', { training_file: trainingFile, model, ...(suffix ? { suffix } : {}) })),
    getJob: async (id: string) => checkedJob(await request<ProviderFineTuneJob>('GET', jobPath(id))),
    cancelJob: async (id: string) => checkedJob(await request<ProviderFineTuneJob>('POST', `${jobPath(id)}/cancel`)),
    /** The newest events first, as the API lists them. */
    async listEvents(id: string, limit = 20): Promise<ProviderFineTuneEvent[]> {
      const list = await request<{ data?: ProviderFineTuneEvent[] }>('GET', `${jobPath(id)}/events?limit=${limit}`);
      return Array.isArray(list.data) ? list.data : [];
    },
  };
}

export type FineTuningClient = ReturnType<typeof createFineTuningClient>;

/** "Step 12/40: training loss=…" or the metrics event's data: how far the training is. */
export function stepOf(events: ProviderFineTuneEvent[]): { step: number; total: number } | undefined {
  for (const e of events) {
    if (e.data?.step && e.data.total_steps) return { step: e.data.step, total: e.data.total_steps };
    const m = /Step (\d+)\/(\d+)/i.exec(e.message ?? '');
    if (m) return { step: Number(m[1]), total: Number(m[2]) };
  }
  return undefined;
}
