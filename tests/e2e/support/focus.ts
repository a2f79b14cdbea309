import type { Page } from '@playwright/test';

/** What a sighted keyboard user sees of the focused element. */
export interface FocusStop {
  /** Tag, then accessible name or text, for messages. */
  name: string;
  /** The outline (or ring) marking the focus, or null when nothing shows it. */
  indicator: { width: number; contrast: number } | null;
  /** The element covering the middle of the focused one, or null when it is in view and uncovered. */
  obscuredBy: string | null;
  /** Inside the fixed header, skip link, banner or pop-up (their place does not scroll). */
  fixed: boolean;
  /** Position in the document, or on the screen for fixed parts. */
  top: number;
  left: number;
  width: number;
}

/**
 * Reads the focused element as the visitor sees it: is a focus indicator
 * drawn, with at least 3:1 contrast against what surrounds it (WCAG 2.4.7,
 * 1.4.11); is it on screen and not covered by anything fixed (2.4.11)?
 */
export function readFocus(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return null;

    const rgb = (color: string): [number, number, number, number] | null => {
      const match = color.match(/rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/);
      if (!match) return null;
      return [Number(match[1]), Number(match[2]), Number(match[3]), match[4] === undefined ? 1 : Number(match[4])];
    };
    const luminance = ([r, g, b]: [number, number, number, number]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: [number, number, number, number], b: [number, number, number, number]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    /** The first opaque-enough background behind an element's outline. */
    const backgroundAround = (element: Element): [number, number, number, number] => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const color = rgb(getComputedStyle(node).backgroundColor);
        if (color && color[3] > 0.5) return color;
      }
      return rgb(getComputedStyle(document.body).backgroundColor) ?? [255, 255, 255, 1];
    };

    // The outline may be drawn by the element or, for whole-card links, by the card around it.
    let indicator: { width: number; contrast: number } | null = null;
    for (let node: Element | null = active, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
      const style = getComputedStyle(node);
      const width = parseFloat(style.outlineWidth);
      const color = rgb(style.outlineColor);
      if (style.outlineStyle !== 'none' && width >= 2 && color && color[3] > 0) {
        indicator = { width, contrast: Math.round(contrast(color, backgroundAround(node)) * 100) / 100 };
        break;
      }
    }

    const rect = active.getBoundingClientRect();
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
    const y = rect.top + Math.min(rect.height, 40) / 2;
    let obscuredBy: string | null = null;
    if (y < 0 || y > window.innerHeight) obscuredBy = 'the edge of the screen';
    else {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== active && !active.contains(hit) && !hit.contains(active)) {
        const cover = hit.closest('header, aside, section, dialog, nav, footer, main') ?? hit;
        obscuredBy = `${cover.tagName.toLowerCase()}${cover.id ? `#${cover.id}` : ''}${cover.className ? `.${String(cover.className).split(' ')[0]}` : ''}`;
      }
    }

    let fixed = false;
    for (let node: Element | null = active; node; node = node.parentElement) {
      if (getComputedStyle(node).position === 'fixed') fixed = true;
    }
    const label =
      active.getAttribute('aria-label') ?? active.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
    return {
      name: `${active.tagName.toLowerCase()} "${label}"`,
      indicator,
      obscuredBy,
      fixed,
      top: fixed ? rect.top : rect.top + window.scrollY,
      left: fixed ? rect.left : rect.left + window.scrollX,
      width: rect.width,
    };
  });
}

/**
 * Tabs through the whole page from the top, once round, and returns every
 * focus stop in order.
 */
export async function tabThrough(page: Page, limit = 150): Promise<FocusStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: FocusStop[] = [];
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    const stop = await readFocus(page);
    if (!stop || (stops.length > 0 && stop.name === stops[0]?.name && stop.top === stops[0]?.top)) break;
    stops.push(stop);
  }
  return stops;
}

/**
 * Where the focus order leaves the reading order: a stop that sits above the
 * previous one without being in a column to its right. Stops in fixed parts
 * (header, pop-up) are checked among themselves, left to right.
 */
export function orderProblems(stops: readonly FocusStop[]): string[] {
  const problems: string[] = [];
  for (const fixed of [false, true]) {
    const part = stops.filter((stop) => stop.fixed === fixed);
    part.forEach((stop, i) => {
      const previous = part[i - 1];
      if (!previous) return;
      const below = stop.top >= previous.top - 4;
      const rightOf = stop.left >= previous.left + previous.width / 2;
      if (!below && !rightOf) problems.push(`${stop.name} comes after ${previous.name} but sits above and left of it`);
    });
  }
  return problems;
}
