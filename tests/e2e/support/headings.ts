import type { Page } from '@playwright/test';

/**
 * Headings as a screen reader lists them: exactly one h1, the first in the
 * main content, and no level skipped on the way down.
 */
export async function headingProblems(page: Page, label: string): Promise<string[]> {
  const headings = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => heading.checkVisibility() && !heading.closest('[aria-hidden="true"]'))
      .map((heading) => ({
        level: Number(heading.tagName[1]),
        text: heading.textContent?.trim() ?? '',
        inMain: !!heading.closest('main'),
      })),
  );
  const problems: string[] = [];
  const h1s = headings.filter((heading) => heading.level === 1);
  if (h1s.length !== 1) problems.push(`${label}: ${h1s.length} h1 elements`);
  const inMain = headings.filter((heading) => heading.inMain);
  if (inMain[0]?.level !== 1) problems.push(`${label}: main content starts with "${inMain[0]?.text}", not the h1`);
  let previous = 1;
  for (const heading of headings) {
    if (heading.level > previous + 1)
      problems.push(`${label}: h${heading.level} "${heading.text}" follows an h${previous}`);
    previous = heading.level;
  }
  return problems;
}
