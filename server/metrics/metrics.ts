import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { routeLabel } from '../http/request-log';
import { queueFigures, type QueueFigure } from '../queue/figures';
import { jobKinds, queueNames, queueOf } from '../queue/kinds';

/**
 * What GET /metrics reports (docs/operations.md, "What to watch", lists each name and
 * label). Nothing a visitor sent is ever a label: routes are Fastify's
 * templates, statuses are numbers, queues and kinds come from the code.
 * Requests and form answers are this instance's; the queue is read from the
 * database at each scrape, so every instance reports the same queue.
 * Domains add their own figures to `registry` (server/jobs/feed-metrics.ts).
 */
export interface SiteMetrics {
  registry: Registry;
  /** Counts one answer by its route template and status. */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  /** Reports when the served security.txt expires (there is no such figure without one). */
  securityTxtExpiresAt(expires: Date): void;
}

export interface MetricsOptions {
  db: Database;
  now?: () => number;
  /** A scrape reads the database at most this often; others within it reuse that reading. */
  cacheMs?: number;
  /** How the queue is read (the bench and tests count the reads). */
  readQueue?: (db: Database) => Promise<QueueFigure[]>;
}

export function createMetrics({
  db,
  now = Date.now,
  cacheMs = 1_000,
  readQueue = queueFigures,
}: MetricsOptions): SiteMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'westbridge_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const formAnswers = new Counter({
    name: 'westbridge_form_answers_total',
    help: 'Answers to the forms and JSON endpoints (every POST route), by route template and status code.',
    labelNames: ['endpoint', 'status'],
    registers: [registry],
  });

  let reading: { at: number; figures: Promise<QueueFigure[] | null> } | null = null;
  const figures = () => {
    const at = now();
    if (!reading || at - reading.at >= cacheMs || at < reading.at) {
      reading = { at, figures: readQueue(db).catch(() => null) };
    }
    return reading.figures;
  };
  const sum = (rows: QueueFigure[], kind: string, statuses: QueueFigure['status'][]) =>
    rows.filter((row) => row.kind === kind && statuses.includes(row.status)).reduce((n, row) => n + row.count, 0);
  /** Every kind the code knows, and any other found in the database. */
  const kindsIn = (rows: QueueFigure[]) => [...new Set([...Object.keys(jobKinds), ...rows.map((row) => row.kind)])];

  new Gauge({
    name: 'westbridge_database_up',
    help: '1 when the database answered this scrape (as GET /healthz would), else 0.',
    registers: [registry],
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  /** A gauge of jobs by queue and kind in some states: every kind the code knows, 0 when it has none. */
  const jobGauge = (name: string, help: string, statuses: QueueFigure['status'][]) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue', 'kind'],
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await figures();
        if (!rows) return;
        for (const kind of kindsIn(rows)) this.set({ queue: queueOf(kind), kind }, sum(rows, kind, statuses));
      },
    });
  jobGauge(
    'westbridge_queue_pending',
    'Jobs waiting or in hand (a mail not yet delivered, a sync not yet made), by queue and kind.',
    ['pending', 'sending'],
  );
  jobGauge(
    'westbridge_queue_given_up',
    'Jobs given up and still kept (until resent, or deleted 30 days after they were written), by queue and kind.',
    ['dead'],
  );
  jobGauge(
    'westbridge_queue_maybe_delivered',
    'Mails whose end went to the mail server with no answer after it: maybe delivered, not sent again by themselves (kept as given-up ones are), by queue and kind.',
    ['maybe-sent'],
  );
  new Gauge({
    name: 'westbridge_queue_oldest_pending_age_seconds',
    help: 'Age of the oldest job waiting or in hand, from when its round of attempts began; 0 when none waits.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await figures();
      if (!rows) return;
      const at = now();
      const queues = [...new Set([...queueNames, ...rows.map((row) => queueOf(row.kind))])];
      for (const queue of queues) {
        const oldest = Math.min(
          ...rows
            .filter((row) => (row.status === 'pending' || row.status === 'sending') && queueOf(row.kind) === queue)
            .map((row) => row.oldestQueuedAt),
        );
        this.set({ queue }, Number.isFinite(oldest) ? Math.max(0, (at - oldest) / 1000) : 0);
      }
    },
  });
  let securityTxtExpires: Gauge | null = null;

  return {
    registry,
    securityTxtExpiresAt(expires) {
      securityTxtExpires ??= new Gauge({
        name: 'westbridge_security_txt_expires_timestamp_seconds',
        help: 'When the /.well-known/security.txt this build serves expires (a new build renews it).',
        registers: [registry],
      });
      securityTxtExpires.set(expires.getTime() / 1000);
    },
    observe(request, reply) {
      const route = routeLabel(request);
      const status = String(reply.statusCode);
      duration.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
      if (request.method === 'POST' && !request.is404 && request.routeOptions.url !== undefined) {
        formAnswers.inc({ endpoint: route, status });
      }
    },
  };
}
