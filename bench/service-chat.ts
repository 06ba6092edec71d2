/**
 * Customer-service speed (issue 12), on the real server with the demo seed:
 *
 * 1. Bot turns per second through POST /api/v1/service/clients/SEKAR/virtual-chat (classify, retrieve, answer,
 *    store, meter; each turn a new conversation), 4 at a time, with p50/p99 of one turn. Baseline in the same run:
 *    bare INSERTs of the same rows a turn stores (its conversation and the customer's and the bot's messages),
 *    4 at a time through a plain pg pool, no transaction, no row-level security.
 * 2. WebSocket fan-out: 200 agent sockets on the inbox (/api/v1/service/inbox/socket), each authenticated; hand-overs
 *    sent one after another; each socket hears of each hand-over (NOTIFY, LISTEN, a read of the conversation's agents,
 *    a frame per socket). Prints frames delivered per second and the delay from the request's start to each frame
 *    (p50, p99). Baseline: a bare pg_notify heard by one LISTEN connection (p50, p99 of its round trip).
 *
 *   npx tsx bench/service-chat.ts          (BENCH_TURNS, BENCH_AGENTS, BENCH_HANDOVERS change the counts)
 */
import pg from 'pg';
import WebSocket from 'ws';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_TENANT } from '@nusa/contracts';
import { fmt, machine, table, tempDir } from './lib/common.ts';
import { logIn, loginHeaders, startBenchServer, type BenchServer } from './lib/server.ts';

const TURNS = Number(process.env.BENCH_TURNS ?? 200);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 200);
const HANDOVERS = Number(process.env.BENCH_HANDOVERS ?? 30);
const CONCURRENCY = 4;
const QUESTIONS = ['berapa harga kain batik parang?', 'toko buka jam berapa?', 'how much is shipping to Surabaya?', 'apakah daster batik masih ada?'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Runs `count` jobs `concurrency` at a time; the latency of each and the whole run's seconds. */
async function drive(count: number, concurrency: number, job: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await job(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  console.log(`service-chat: ${machine()}; ${TURNS} bot turns, ${AGENTS} agent sockets, ${HANDOVERS} hand-overs`);
  const data = await tempDir('service-chat');
  let bench: BenchServer | undefined;
  let owner: pg.Pool | undefined;
  let listener: pg.Client | undefined;
  const sockets: WebSocket[] = [];
  try {
    bench = await startBenchServer({ database: 'bench_service_chat', dataDir: data.dir });
    const { server, db } = bench;
    const base = server.url;
    const headers = { ...(await loginHeaders(base)), 'content-type': 'application/json' };
    const chat = async (message: string) => {
      const res = await fetch(`${base}/api/v1/service/clients/SEKAR/virtual-chat`, { method: 'POST', headers, body: JSON.stringify({ message }) });
      if (res.status !== 200) throw new Error(`virtual chat: ${res.status} ${await res.text()}`);
      return (await res.json()) as { conversationId: string; handedOver: boolean };
    };

    // 1. Bot turns vs bare INSERTs of the same rows.
    await drive(8, CONCURRENCY, (i) => chat(QUESTIONS[i % QUESTIONS.length]).then(() => {})); // warm-up
    const bot = await drive(TURNS, CONCURRENCY, (i) => chat(QUESTIONS[i % QUESTIONS.length]).then(() => {}));

    owner = new pg.Pool({ connectionString: db.url, max: CONCURRENCY });
    const {
      rows: [ids],
    } = await owner.query<{ tenant_id: string; client_id: string }>(
      `SELECT c.tenant_id, c.id AS client_id FROM service_clients c JOIN tenants t ON t.id = c.tenant_id WHERE t.code = $1 AND c.code = 'SEKAR'`,
      [DEFAULT_TENANT],
    );
    const insertTurn = async (i: number) => {
      const conversationId = uuidv7();
      await owner!.query(
        `INSERT INTO service_conversations (tenant_id, id, client_id, channel_kind, customer_key) VALUES ($1, $2, $3, 'virtual', 'virtual:bench')`,
        [ids.tenant_id, conversationId, ids.client_id],
      );
      await owner!.query(
        `INSERT INTO service_messages (tenant_id, id, conversation_id, sender, text) VALUES ($1, $2, $3, 'customer', $4), ($1, $5, $3, 'bot', $6)`,
        [ids.tenant_id, uuidv7(), conversationId, QUESTIONS[i % QUESTIONS.length], uuidv7(), 'Kain Batik Parang: harga 350.000.'],
      );
    };
    await drive(8, CONCURRENCY, insertTurn);
    const bare = await drive(TURNS, CONCURRENCY, insertTurn);
    const perSecond = (r: { latencies: number[]; seconds: number }) => r.latencies.length / r.seconds;
    table([
      ['path', 'turns/s', 'p50 ms', 'p99 ms', 'ratio'],
      ['bare INSERT of the turn’s rows (baseline)', fmt(perSecond(bare)), fmt(percentile(bare.latencies, 50), 1), fmt(percentile(bare.latencies, 99), 1), '1'],
      [
        'virtual-chat turn (full stack)',
        fmt(perSecond(bot)),
        fmt(percentile(bot.latencies, 50), 1),
        fmt(percentile(bot.latencies, 99), 1),
        fmt(perSecond(bot) / perSecond(bare), 3),
      ],
    ]);

    // 2. WebSocket fan-out to the agents' inbox sockets.
    const agentToken = (await logIn(base, 'agent')).token;
    const wsUrl = `${base.replace(/^http/, 'ws')}/api/v1/service/inbox/socket`;
    const heard = new Map<string, number[]>();
    let delivered = 0;
    await Promise.all(
      Array.from(
        { length: AGENTS },
        () =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(wsUrl);
            sockets.push(ws);
            ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: agentToken })));
            ws.once('error', reject);
            ws.on('message', (raw) => {
              const frame = JSON.parse(String(raw)) as { type: string; conversationId?: string; status?: string };
              if (frame.type === 'ready') return resolve();
              if (frame.type === 'conversation' && frame.status === 'waiting' && frame.conversationId) {
                // Frames may come before the request's answer: every one is kept by its conversation.
                heard.set(frame.conversationId, [...(heard.get(frame.conversationId) ?? []), performance.now()]);
                delivered++;
              }
            });
          }),
      ),
    );
    const delays: number[] = [];
    const fanStarted = performance.now();
    for (let i = 0; i < HANDOVERS; i++) {
      const t0 = performance.now();
      const turn = await chat(`saya mau bicara dengan orang ${i}`);
      if (!turn.handedOver) throw new Error('the bot did not hand over');
      const deadline = Date.now() + 10_000;
      while ((heard.get(turn.conversationId)?.length ?? 0) < AGENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      const times = heard.get(turn.conversationId) ?? [];
      if (times.length < AGENTS) throw new Error(`hand-over ${i}: ${times.length} of ${AGENTS} sockets heard it`);
      delays.push(...times.map((at) => at - t0));
    }
    const fanSeconds = (performance.now() - fanStarted) / 1000;

    listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    await listener.query('LISTEN bench_ping');
    const notifyDelays: number[] = [];
    for (let i = 0; i < HANDOVERS * 4; i++) {
      const t0 = performance.now();
      const got = new Promise<void>((resolve) => listener!.once('notification', () => resolve()));
      await owner.query(`SELECT pg_notify('bench_ping', $1)`, [String(i)]);
      await got;
      notifyDelays.push(performance.now() - t0);
    }
    console.log('');
    table([
      ['path', 'frames delivered', 'delivered/s', 'p50 delay ms', 'p99 delay ms'],
      ['bare pg_notify → one LISTEN (baseline)', fmt(notifyDelays.length), '-', fmt(percentile(notifyDelays, 50), 2), fmt(percentile(notifyDelays, 99), 2)],
      [
        `hand-over → ${AGENTS} inbox sockets (request start to frame)`,
        fmt(delivered),
        fmt(delivered / fanSeconds),
        fmt(percentile(delays, 50), 1),
        fmt(percentile(delays, 99), 1),
      ],
    ]);
  } finally {
    for (const ws of sockets) ws.terminate();
    await listener?.end();
    await owner?.end();
    await bench?.stop();
    await data.remove();
  }
}

await main();
