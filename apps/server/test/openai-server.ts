import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A server on loopback that speaks the OpenAI wire format (chat/completions with and without SSE streaming, tool
 * calls, response_format json_schema; embeddings; images/edits; models; files and fine_tuning jobs), for the openai-compatible engine's tests.
 * Its answers are made from the request (a scripted reply, an object built from the requested JSON schema,
 * word-hashing embeddings, the sent image mirrored), and switches make it refuse the key, fail or answer slowly.
 */

export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  response_format?: { type: string; json_schema?: { name?: string; schema?: JsonSchema } };
  tools?: { type: 'function'; function: { name: string; parameters?: JsonSchema } }[];
  tool_choice?: unknown;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  format?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization?: string;
  body: unknown;
}

export interface OpenAiTestServer {
  /** e.g. http://127.0.0.1:43210/v1 */
  baseUrl: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** The key the server accepts; any other gets 401 with OpenAI's error body. Unset: any key. */
  apiKey: string | undefined;
  /** The assistant's text for a chat request (JSON mode included); default: echoes the last user message. */
  reply: (request: ChatCompletionRequest) => string;
  /** The next `times` requests fail with `status` (429 carries Retry-After: `retryAfterSeconds`, default 0). */
  failNext(status: number, times?: number, retryAfterSeconds?: number): void;
  /** Every answer waits this long before it starts (0: at once). */
  delayMs: number;
  models: string[];
  /** Uploaded files by id, with their text. */
  files: Map<string, StoredFile>;
  /** Fine-tuning jobs by id. Each GET of a job moves it one status on: validating_files → queued → running (step 1/2, 2/2) → its end. */
  fineTuneJobs: Map<string, FineTuneJobState>;
  /** How the next jobs that pass validation end: succeeded, or failed with `fineTuneError`. */
  fineTuneOutcome: 'succeeded' | 'failed';
  fineTuneError: { code: string; message: string };
  /** Fewer chat examples than this fail validation (OpenAI asks for at least 10). */
  minExamples: number;
  close(): Promise<void>;
}

export interface StoredFile {
  id: string;
  filename: string;
  purpose: string;
  content: string;
}

export interface FineTuneJobState {
  job: {
    id: string;
    object: 'fine_tuning.job';
    model: string;
    created_at: number;
    finished_at: number | null;
    fine_tuned_model: string | null;
    organization_id: string;
    result_files: string[];
    status: 'validating_files' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
    validation_file: string | null;
    training_file: string;
    hyperparameters: { n_epochs: number; batch_size: number; learning_rate_multiplier: number };
    trained_tokens: number | null;
    error: { code: string; message: string; param: string | null } | null;
    seed: number;
  };
  events: {
    object: 'fine_tuning.job.event';
    id: string;
    created_at: number;
    level: 'info' | 'warn' | 'error';
    message: string;
    type: string;
    data: object | null;
  }[];
  /** The steps still to come (GETs of the job). */
  plan: ('queued' | 'step1' | 'step2' | 'end')[];
  /** Validation's verdict, reached on the first GET. */
  invalid: { code: string; message: string } | null;
  outcome: 'succeeded' | 'failed';
  outcomeError: { code: string; message: string };
  suffix: string;
}

/** What OpenAI's validation says of a chat fine-tuning file, or null when it is good. */
export function validateTrainingFile(content: string, minExamples: number): { code: string; message: string } | null {
  const lines = content.split('\n').filter((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    let row: { messages?: { role?: unknown; content?: unknown }[] };
    try {
      row = JSON.parse(line) as typeof row;
    } catch {
      return { code: 'invalid_training_file', message: `The file contains invalid JSON on line ${i + 1}.` };
    }
    const roles = Array.isArray(row.messages) ? row.messages.map((m) => m.role) : [];
    if (!roles.includes('user') || !roles.includes('assistant') || row.messages!.some((m) => typeof m.content !== 'string' || !m.content))
      return { code: 'invalid_training_file', message: `Example ${i + 1} is missing a user or an assistant message.` };
  }
  if (lines.length < minExamples)
    return { code: 'invalid_n_examples', message: `Training file has ${lines.length} example(s), but must have at least ${minExamples} examples` };
  return null;
}

/** An object that satisfies the schema, as a model honouring response_format or a tool's parameters would make. */
export function exampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, exampleOf(s)]));
    case 'array':
      return [exampleOf(schema.items)];
    case 'string':
      return schema.format === 'date' ? '2026-11-25' : 'contoh';
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** Word-hashing embeddings: texts that share words point the same way, as real embeddings of similar texts do. */
export function hashEmbedding(text: string, dimensions = 64): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
    v[(h >>> 0) % dimensions] += 1;
  }
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => x / n);
}

const tokens = (text: string) => (text.match(/\S+/g) ?? []).length;
const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? '').join(' ') : '';

export async function startOpenAiTestServer(): Promise<OpenAiTestServer> {
  const failures: { status: number; retryAfter: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state: Omit<OpenAiTestServer, 'baseUrl' | 'close' | 'failNext'> = {
    requests: [],
    apiKey: undefined,
    delayMs: 0,
    models: ['test-chat', 'test-embed', 'test-image'],
    files: new Map(),
    fineTuneJobs: new Map(),
    fineTuneOutcome: 'succeeded',
    fineTuneError: { code: 'server_error', message: 'The job failed due to an internal error.' },
    minExamples: 10,
    reply: (req) => {
      const last = [...req.messages].reverse().find((m) => m.role === 'user');
      return `Echo: ${textOf(last?.content)}`;
    },
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, message: string, type: string, code: string | null, headers: Record<string, string> = {}) =>
    send(res, status, { error: { message, type, param: null, code } }, headers);

  function chat(req: ChatCompletionRequest, res: http.ServerResponse) {
    const input = req.messages.reduce((s, m) => s + tokens(textOf(m.content)), 0);
    const schema = req.response_format?.type === 'json_schema' ? req.response_format.json_schema?.schema : undefined;
    const tool = req.tools?.[0];
    const id = `chatcmpl-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    if (tool && req.tool_choice !== 'none') {
      const call = { id: 'call_1', type: 'function', function: { name: tool.function.name, arguments: JSON.stringify(exampleOf(tool.function.parameters)) } };
      return send(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: req.model,
        choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [call] }, finish_reason: 'tool_calls' }],
        usage: { prompt_tokens: input, completion_tokens: 5, total_tokens: input + 5 },
      });
    }
    let text = schema ? JSON.stringify(exampleOf(schema)) : state.reply(req);
    if (schema && state.reply !== defaultReply) text = state.reply(req);
    if (req.max_tokens === 1) text = text.split(/\s+/)[0] ?? '';
    const output = tokens(text);
    const usage = { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
    if (!req.stream) {
      return send(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: req.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: object, finish: string | null, extra: object = {}) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: req.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' }, null);
    for (const piece of text.match(/\S+\s*|\s+/g) ?? []) chunk({ content: piece }, null);
    chunk({}, 'stop');
    if (req.stream_options?.include_usage)
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: req.model, choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
  }

  async function imageEdit(raw: Buffer, contentType: string, res: http.ServerResponse) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
    const image = (form.get('image') ?? form.get('image[]')) as Blob | null;
    if (!image || typeof image === 'string')
      return error(res, 400, "Missing required parameter: 'image'.", 'invalid_request_error', 'missing_required_parameter');
    const size = String(form.get('size') ?? '');
    let pipeline = sharp(Buffer.from(await image.arrayBuffer())).flop();
    const m = /^(\d+)x(\d+)$/.exec(size);
    if (m) pipeline = pipeline.resize(Number(m[1]), Number(m[2]));
    const png = await pipeline.png().toBuffer();
    send(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png.toString('base64'), revised_prompt: String(form.get('prompt') ?? '') }] });
  }

  let serial = 0;
  const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(++serial).toString(36).padStart(4, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const event = (s: FineTuneJobState, message: string, level: 'info' | 'error' = 'info', data: object | null = null) =>
    s.events.unshift({ object: 'fine_tuning.job.event', id: nextId('ftevent'), created_at: now(), level, message, type: data ? 'metrics' : 'message', data });

  async function uploadFile(raw: Buffer, contentType: string, res: http.ServerResponse) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
    const purpose = String(form.get('purpose') ?? '');
    const file = form.get('file');
    if (!purpose) return error(res, 400, "Missing required parameter: 'purpose'.", 'invalid_request_error', 'missing_required_parameter');
    if (!['fine-tune', 'assistants', 'batch', 'vision', 'user_data', 'evals'].includes(purpose))
      return error(
        res,
        400,
        `'${purpose}' is not one of ['fine-tune', 'assistants', 'batch', 'user_data', 'evals', 'vision'] - 'purpose'`,
        'invalid_request_error',
        null,
      );
    if (!file || typeof file === 'string') return error(res, 400, "Missing required parameter: 'file'.", 'invalid_request_error', 'missing_required_parameter');
    const content = await file.text();
    const stored: StoredFile = { id: nextId('file'), filename: (file as File).name || 'file', purpose, content };
    state.files.set(stored.id, stored);
    send(res, 200, {
      id: stored.id,
      object: 'file',
      bytes: Buffer.byteLength(content),
      created_at: now(),
      filename: stored.filename,
      purpose,
      status: 'processed',
    });
  }

  function createFineTune(body: { training_file?: string; model?: string; suffix?: string }, res: http.ServerResponse) {
    if (!body?.model) return error(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter');
    const file = body.training_file ? state.files.get(body.training_file) : undefined;
    if (!file) return error(res, 400, `invalid training_file: ${body.training_file ?? ''}`, 'invalid_request_error', 'invalid_training_file');
    if (file.purpose !== 'fine-tune')
      return error(res, 400, `File ${file.id} has purpose '${file.purpose}', expected 'fine-tune'.`, 'invalid_request_error', 'invalid_training_file');
    const s: FineTuneJobState = {
      job: {
        id: nextId('ftjob'),
        object: 'fine_tuning.job',
        model: body.model,
        created_at: now(),
        finished_at: null,
        fine_tuned_model: null,
        organization_id: 'org-test',
        result_files: [],
        status: 'validating_files',
        validation_file: null,
        training_file: file.id,
        hyperparameters: { n_epochs: 3, batch_size: 1, learning_rate_multiplier: 1.8 },
        trained_tokens: null,
        error: null,
        seed: 42,
      },
      events: [],
      plan: ['queued', 'step1', 'step2', 'end'],
      invalid: validateTrainingFile(file.content, state.minExamples),
      outcome: state.fineTuneOutcome,
      outcomeError: state.fineTuneError,
      suffix: body.suffix ?? '',
    };
    event(s, `Validating training file: ${file.id}`);
    state.fineTuneJobs.set(s.job.id, s);
    send(res, 200, s.job);
  }

  /** One step of a job's life, taken when it is read. */
  function advance(s: FineTuneJobState) {
    const job = s.job;
    if (job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled') return;
    const fail = (e: { code: string; message: string }, param: string | null) => {
      job.status = 'failed';
      job.error = { ...e, param };
      job.finished_at = now();
      event(s, e.message, 'error');
    };
    if (job.status === 'validating_files' && s.invalid) return fail(s.invalid, 'training_file');
    const next = s.plan.shift();
    if (next === 'queued') {
      job.status = 'queued';
      event(s, 'Files validated, moving job to queued state');
    } else if (next === 'step1' || next === 'step2') {
      job.status = 'running';
      const step = next === 'step1' ? 1 : 2;
      event(s, `Step ${step}/2: training loss=${(1 / (step + 1)).toFixed(2)}`, 'info', { step, total_steps: 2, train_loss: 1 / (step + 1) });
    } else if (s.outcome === 'failed') fail(s.outcomeError, null);
    else {
      job.status = 'succeeded';
      job.finished_at = now();
      job.trained_tokens = 1234;
      job.fine_tuned_model = `ft:${job.model}:org-test:${s.suffix || 'custom'}:${job.id.slice(-6)}`;
      event(s, 'The job has successfully completed');
    }
  }

  function fineTuneJob(method: string, path: string, query: URLSearchParams, res: http.ServerResponse) {
    const m = /^\/v1\/fine_tuning\/jobs\/([^/]+)(\/events|\/cancel)?$/.exec(path);
    const s = m ? state.fineTuneJobs.get(decodeURIComponent(m[1])) : undefined;
    if (!m || !s) return error(res, 404, `No such fine-tuning job: ${m?.[1] ?? ''}`, 'invalid_request_error', 'fine_tune_not_found');
    if (method === 'GET' && !m[2]) {
      advance(s);
      return send(res, 200, s.job);
    }
    if (method === 'GET' && m[2] === '/events') {
      const limit = Number(query.get('limit') ?? 20);
      return send(res, 200, { object: 'list', data: s.events.slice(0, limit), has_more: s.events.length > limit });
    }
    if (method === 'POST' && m[2] === '/cancel') {
      if (['succeeded', 'failed', 'cancelled'].includes(s.job.status))
        return error(res, 400, `Job ${s.job.id} has already ${s.job.status === 'cancelled' ? 'been cancelled' : 'completed'}.`, 'invalid_request_error', null);
      s.job.status = 'cancelled';
      s.job.finished_at = now();
      event(s, 'Fine-tuning job cancelled');
      return send(res, 200, s.job);
    }
    return error(res, 404, `Unknown request URL: ${method} ${path}.`, 'invalid_request_error', 'unknown_url');
  }

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(parts);
      const path = (req.url ?? '/').split('?')[0];
      const contentType = String(req.headers['content-type'] ?? '');
      let body: unknown = undefined;
      if (contentType.includes('json') && raw.length) body = JSON.parse(raw.toString('utf8'));
      state.requests.push({
        method: req.method ?? 'GET',
        path,
        authorization: req.headers.authorization,
        body: body ?? (raw.length ? `<${raw.length} bytes>` : undefined),
      });
      const answer = async () => {
        if (state.apiKey !== undefined && req.headers.authorization !== `Bearer ${state.apiKey}`) {
          const sent = (req.headers.authorization ?? '').replace(/^Bearer\s+/, '');
          const shown = sent.length > 8 ? `${sent.slice(0, 3)}*****${sent.slice(-4)}` : sent;
          return error(
            res,
            401,
            `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            'invalid_request_error',
            'invalid_api_key',
          );
        }
        const failure = failures.shift();
        if (failure?.status === 429)
          return error(res, 429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded', { 'retry-after': String(failure.retryAfter) });
        if (failure) return error(res, failure.status, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
        if (req.method === 'GET' && path === '/v1/models')
          return send(res, 200, { object: 'list', data: state.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'test' })) });
        if (req.method === 'POST' && path === '/v1/chat/completions') return chat(body as ChatCompletionRequest, res);
        if (req.method === 'POST' && path === '/v1/embeddings') {
          const { input, model } = body as { input: string | string[]; model: string };
          const texts = Array.isArray(input) ? input : [input];
          const used = texts.reduce((s, t) => s + tokens(t), 0);
          return send(res, 200, {
            object: 'list',
            model,
            data: texts.map((t, index) => ({ object: 'embedding', index, embedding: hashEmbedding(t) })),
            usage: { prompt_tokens: used, total_tokens: used },
          });
        }
        if (req.method === 'POST' && path === '/v1/images/edits') return imageEdit(raw, contentType, res);
        if (req.method === 'POST' && path === '/v1/files') return uploadFile(raw, contentType, res);
        if (req.method === 'POST' && path === '/v1/fine_tuning/jobs') return createFineTune(body as { training_file?: string; model?: string }, res);
        if (path.startsWith('/v1/fine_tuning/jobs/'))
          return fineTuneJob(req.method ?? 'GET', path, new URL(req.url ?? '/', 'http://loopback').searchParams, res);
        return error(res, 404, `Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url');
      };
      const run = () =>
        answer().catch((e: unknown) => {
          if (!res.headersSent) error(res, 500, String(e), 'server_error', null);
        });
      if (state.delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void run();
        }, state.delayMs);
        timers.add(timer);
      } else void run();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const defaultReply = state.reply;

  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    failNext(status: number, times = 1, retryAfterSeconds = 0) {
      for (let i = 0; i < times; i++) failures.push({ status, retryAfter: retryAfterSeconds });
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
