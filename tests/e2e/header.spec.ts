import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { isInSection, mainNavPages, sitePages } from '../../common/site-pages';
import { jobVisit, someJob, visitHref, visitLabel, type Visit } from './support/addresses';
import { localeTexts } from './support/locales';
import { expect, test } from './support/test';

const lng = 'en';
const names = localeTexts(lng, 'common').pages;

/** Every page of the registry that belongs to a navigation item, and a job: the item is marked as the page or its section. */
const visits: Visit[] = [...sitePages.map((page) => ({ id: page.id })), jobVisit(someJob)];

test.describe('the header marks where the visitor is', () => {
  for (const visit of visits) {
    const page = visit.id === 'not-found' ? undefined : sitePages.find((candidate) => candidate.id === visit.id);
    const item = mainNavPages.find((candidate) => isInSection(candidate.id, page));
    if (!item) continue;
    const current = item.id === visit.id && !('variant' in visit && visit.variant) ? 'page' : 'true';
    test(`${visitLabel(visit)}: ${item.id} (${current})`, async ({ page: tab }) => {
      await tab.goto(visitHref(visit, lng));
      const nav = tab
        .getByRole('banner')
        .getByRole('navigation', { name: localeTexts(lng, 'common').nav.label })
        .first();
      await expect(nav.getByRole('link', { name: names[item.id], exact: true })).toHaveAttribute(
        'aria-current',
        current,
      );
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    });
  }
});

/**
 * A page whose HTML arrives in two parts, the break inside the header's controls, as a slow
 * network may deliver it. A browser paints what it has while it waits, and the controls still
 * to come would then push aside the ones already shown (a layout shift Lighthouse measured on
 * a phone). The first paint waits until the header is whole.
 */
test.describe('a page that arrives slowly', () => {
  for (const code of languageCodes) {
    test(`paints nothing before its header is whole (${code})`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL ?? '').origin;
      const address = pageHref('logistics', code);
      const slow = createServer((request, response) => {
        void (async () => {
          const answer = await fetch(`${origin}${request.url ?? '/'}`, { redirect: 'manual' });
          const headers = [...answer.headers].filter(
            ([name]) => !['content-encoding', 'content-length'].includes(name),
          );
          const body = Buffer.from(await answer.arrayBuffer());
          response.writeHead(answer.status, Object.fromEntries(headers));
          const html = request.url === address ? body.toString('utf8') : '';
          const split = html.indexOf('<summary', html.indexOf('data-island="header-controls"'));
          if (split < 0) return response.end(body);
          response.write(html.slice(0, split));
          await new Promise((resolve) => setTimeout(resolve, 600));
          response.end(html.slice(split));
        })();
      });
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      try {
        await page.setViewportSize({ width: 390, height: 844 });
        // When the parser has passed the header (main follows it); a paint may come from then on.
        await page.addInitScript(() => {
          const timed = window as Window & { headerWhole?: number };
          new MutationObserver((_, observer) => {
            if (!document.getElementById('main')) return;
            timed.headerWhole = performance.now();
            observer.disconnect();
          }).observe(document, { childList: true, subtree: true });
        });
        const { port } = slow.address() as AddressInfo;
        await page.goto(`http://127.0.0.1:${port}${address}`);
        const { headerWhole, firstPaint } = await page.evaluate(() => ({
          headerWhole: (window as Window & { headerWhole?: number }).headerWhole,
          firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        }));
        expect(headerWhole).toBeDefined();
        expect(firstPaint).toBeGreaterThanOrEqual(headerWhole ?? Infinity);
      } finally {
        await new Promise((resolve) => slow.close(resolve));
      }
    });
  }
});
