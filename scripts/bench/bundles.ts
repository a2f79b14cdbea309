/**
 * Bench section "bundles": what each page of the build in dist/ loads before it runs, the entry
 * script with its module preloads and the render-blocking stylesheet, against the budgets of
 * docs/decisions/0015-islands-of-react.md (`npm run check:size` holds the hard limit in `npm test`).
 */
import path from 'node:path';
import { budgets, isIslandChunk, isLegalTexts, isTexts, kilobytes, measurePages, total } from '../bundle-report';
import type { BenchSection } from './sections';
import { table } from './support';

export const bundlesSection: BenchSection = {
  id: 'bundles',
  title: 'Bytes per route',
  async run({ root, routes, languages }) {
    const bundles = measurePages(path.join(root, 'dist')).filter(
      (bundle) => routes.includes(bundle.path) && languages.includes(bundle.lng),
    );
    const home = bundles.filter((bundle) => bundle.path === '/');
    const homeJs = Math.max(...home.map((bundle) => total(bundle.scripts).gzip));
    const legalInHome = home.some((bundle) => bundle.scripts.some(isLegalTexts));
    const islands = bundles.flatMap((bundle) => bundle.scripts.filter(isIslandChunk).map((file) => file.gzip));
    const css = Math.max(...bundles.map((bundle) => total(bundle.styles).gzip));
    const markdown = table(
      ['page', 'JS gzip / br', 'CSS gzip / br (render-blocking)', 'island chunks, largest', 'texts gzip', 'JS files'],
      bundles.map((bundle) => {
        const [js, styles] = [total(bundle.scripts), total(bundle.styles)];
        const chunks = bundle.scripts.filter(isIslandChunk).map((file) => file.gzip);
        return [
          `${bundle.path} (${bundle.lng})`,
          `${kilobytes(js.gzip)} / ${kilobytes(js.brotli)}`,
          `${kilobytes(styles.gzip)} / ${kilobytes(styles.brotli)}`,
          chunks.length ? `${chunks.length}, ${kilobytes(Math.max(...chunks))}` : '–',
          kilobytes(total(bundle.scripts.filter(isTexts)).gzip),
          bundle.scripts.length,
        ];
      }),
    );
    return {
      markdown,
      goals: [
        {
          goal: 'home initial JS ≤ 110 KB gzip (limit 150 KB in npm test)',
          measured: kilobytes(homeJs),
          met: homeJs <= budgets.homeInitialJsGoal,
        },
        {
          goal: 'legal texts never in the home bundle',
          measured: legalInHome ? 'present' : 'absent',
          met: !legalInHome,
        },
        {
          goal: 'render-blocking CSS ≤ 15 KB gzip',
          measured: `largest ${kilobytes(css)}`,
          met: css <= budgets.renderBlockingCss,
        },
        {
          goal: 'each island chunk ≤ 10 KB gzip',
          measured: `largest ${kilobytes(Math.max(...islands))}`,
          met: Math.max(...islands) <= budgets.islandChunk,
        },
      ],
      data: bundles.map((bundle) => ({ ...bundle, js: total(bundle.scripts), css: total(bundle.styles) })),
    };
  },
};
