/** The page's main content: where focus goes when the control that held it goes away with the banner. */
export const pageContent = (): HTMLElement | null => document.querySelector<HTMLElement>('main');

/** Keeps keyboard focus on the page, without scrolling (WCAG 2.4.3: focus is never lost). */
export function focusPageContent(): void {
  pageContent()?.focus({ preventScroll: true });
}
