import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/** WCAG 2.2 AA and axe's best practices, on every page and overlay. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = Window & { axe?: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> } };

/**
 * axe's findings on the page as it is now, one line each, labelled with the
 * state checked, so one failing test lists every problem of its sweep.
 *
 * axe-core runs straight in the page, injected once per document: the site has
 * no frames, and AxeBuilder's per-call injection and frame handling cost the
 * sweep several times what the rules themselves do.
 */
export async function axeViolations(page: Page, label: string, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A control clicked a moment ago is still fading between its colours, and axe would judge the blend.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const axe = (window as AxeWindow).axe;
      if (!axe) throw new Error('axe-core did not load');
      const results = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map(
          (node) => `${node.target.join(' ')} – ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
        ),
      }));
    },
    { tags: axeTags, include },
  );
  return violations.map(
    (violation) =>
      `${label}: ${violation.id} (${violation.impact ?? 'n/a'}) at ${violation.nodes.slice(0, 5).join(' | ')}`,
  );
}
