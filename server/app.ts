import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { anonymizeIp } from './http/anonymize-ip';
import { registerErrorHandler } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { PageStore } from './pages/page-store';
import { distDir as defaultDistDir } from './paths';
import { healthRoutes } from './routes/health';
import { pageRoutes } from './routes/pages';
import { seoRoutes } from './routes/seo';

export interface AppOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  /** The build output: client/ (assets) and pages/ (prerendered HTML). */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** False in development, where Vite serves the pages and assets. */
  serveSite?: boolean;
}

/** Request logs carry the method, the path without its query, and a truncated address. */
const requestLogSerializers = {
  req: (request: { method?: string; url?: string; ip?: string }) => ({
    method: request.method,
    path: request.url?.split('?')[0],
    client: anonymizeIp(request.ip),
  }),
};

/** TRUST_PROXY=<n>: the nearest n proxies are trusted to name the client. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole server without listening, so tests can use `inject` or `listen` themselves. */
export async function buildApp({
  config,
  database,
  distDir = defaultDistDir,
  logger = false,
  serveSite = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { ...(typeof logger === 'object' ? logger : {}), serializers: requestLogSerializers },
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 16 * 1024,
    requestTimeout: 15_000,
    connectionTimeout: 15_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
  });

  const https = config.siteUrl.startsWith('https:');
  const analyticsOrigin = config.analyticsScriptUrl ? new URL(config.analyticsScriptUrl).origin : null;
  registerSecurityHeaders(app, { https });
  registerErrorHandler(app);
  await app.register(healthRoutes, { db: database.db });
  if (serveSite) await registerSite(app, { config, distDir, https, analyticsOrigin });
  return app;
}

async function registerSite(
  app: FastifyInstance,
  { config, distDir, https, analyticsOrigin }: { config: ServerConfig; distDir: string; https: boolean; analyticsOrigin: string | null },
): Promise<void> {
  const pages = await PageStore.load(path.join(distDir, 'pages'), config.siteUrl, config.analyticsScriptUrl);
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'client'),
    wildcard: false,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
    },
  });
  await app.register(seoRoutes, { siteUrl: config.siteUrl, pages });
  await app.register(pageRoutes, { pages, https, analyticsOrigin });
}
