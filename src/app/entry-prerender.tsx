import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';
import type { PageId } from '../../common/site-pages';
import { createStaticI18n } from '../features/i18n/create-static-i18n';
import { describePage, renderDocumentHead } from './document-head';
import { namespaceSource } from '../content/locales/namespace-source';
import { headScript } from './head-script';
import { createRoutes, describeVariant, layoutNamespaces, pageDataSources, pageNamespaces, pageSource, pageVariants } from './routes';
import { siteUrlPlaceholder } from './site-url';

export { headScript, layoutNamespaces, namespaceSource, pageDataSources, pageNamespaces, pageSource, pageVariants };

export interface PrerenderInput {
  lng: Language;
  pageId: PageId;
  /** The address to render; any unknown path renders the page-not-found screen. */
  path: string;
  variant?: PageVariant;
  noindex?: boolean;
}

export interface PrerenderedPage {
  /** The markup of `<div id="root">`. */
  html: string;
  /** Title, description, canonical and alternates, with the site URL as a placeholder. */
  head: string;
}

/** Renders one page in one language to static HTML. */
export async function prerenderPage({ lng, pageId, path, variant = {}, noindex }: PrerenderInput): Promise<PrerenderedPage> {
  const i18n = createStaticI18n(lng);
  const { query, dataRoutes } = createStaticHandler(createRoutes(i18n));
  const search = new URLSearchParams(variant).toString();
  const context = await query(new Request(`http://prerender${path}${search ? `?${search}` : ''}`));
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${path}`);
  if (context.errors) throw new Error(`Prerendering ${path} (${lng}) failed`, { cause: Object.values(context.errors)[0] });

  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
    </I18nextProvider>,
  );
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error(`Prerendering ${path} (${lng}) left a suspended or failed boundary`);
  }
  const head = describePage({
    t: i18n.t,
    pageId,
    path: pageId === 'not-found' ? null : path,
    lng,
    siteUrl: siteUrlPlaceholder,
    variant,
    variantHead: describeVariant(pageId, variant, lng),
    noindex,
  });
  return { html, head: renderDocumentHead(head) };
}
