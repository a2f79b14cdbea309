import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../common/api-paths';
import { isDatabaseReachable, type Database } from '../db/database';

/** GET /healthz: 200 when the database answers, else 503. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get(apiPaths.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await isDatabaseReachable(db)) return { success: true };
    return reply.code(503).send({ success: false, error: 'database_unavailable' });
  });
}
