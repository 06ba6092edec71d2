import { sameSecret } from '../auth/same-secret.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { pendingMigrations } from '../db/migrate.ts';

/** /api/health (database reachable, migrations current) and /api/metrics (Prometheus text). */
export function observabilityRoutes(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'nusa_http_requests_total', help: 'HTTP requests', labelNames: ['method', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'nusa_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const { pools } = app.platform;
  new Gauge({
    name: 'nusa_db_pool_connections',
    help: 'Database pool connections',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const [name, pool] of Object.entries({ app: pools.app, owner: pools.owner })) {
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    requests.inc({ method: req.method, status: String(reply.statusCode) });
    duration.observe({ method: req.method }, reply.elapsedTime / 1000);
  });

  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    const started = performance.now();
    try {
      await pools.app.query('SELECT 1');
      const pending = await pendingMigrations(pools.owner);
      const body = {
        status: pending === 0 ? 'ok' : 'migrations_pending',
        database: 'up',
        pendingMigrations: pending,
        jobs: app.platform.jobs.started,
        latencyMs: Math.round(performance.now() - started),
      };
      return reply.status(pending === 0 ? 200 : 503).send(body);
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
  });

  // Declared public because no user token opens it: it has a token of its own (METRICS_TOKEN), and without one it
  // does not exist.
  const metricsToken = app.platform.config.METRICS_TOKEN;
  app.get('/api/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!metricsToken) throw new AppError('not_found', ['/api/metrics']);
    if (!sameSecret(bearerOf(req), metricsToken)) throw new AppError('Unauthorized');
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

const bearerOf = (req: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
