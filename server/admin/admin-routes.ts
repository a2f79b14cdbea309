import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { CmsSettings } from '../../common/cms-settings';
import { precompressedFiles } from '../http/content-encoding';
import { adminHeaders, adminPageHtml, adminPrefix, readAdminBuild } from './admin-page';

export interface AdminRoutesOptions {
  /** The editor's build (dist/admin). */
  adminDir: string;
  settings: CmsSettings | null;
  https: boolean;
}

/**
 * /admin/ (the editor, or the page saying that editing is not set up) and its files, each with
 * the editor's own headers (admin-page.ts); `/admin` leads to `/admin/`. Nothing of it is linked
 * from the site or listed in the sitemap.
 */
export async function adminRoutes(app: FastifyInstance, { adminDir, settings, https }: AdminRoutesOptions) {
  const build = settings ? await readAdminBuild(adminDir) : null;
  const html = adminPageHtml(settings, build);
  const headers = adminHeaders(settings, https);

  app.get(adminPrefix.replace(/\/$/, ''), async (_request, reply) => reply.headers(headers).redirect(adminPrefix, 301));
  app.get(adminPrefix, async (_request, reply) =>
    reply
      .headers(headers)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html),
  );
  if (!build) return;
  await app.register(fastifyStatic, {
    root: path.join(adminDir, 'assets'),
    prefix: `${adminPrefix}assets/`,
    decorateReply: false,
    ...precompressedFiles,
    setHeaders: (reply) => {
      reply.headers(headers).header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
