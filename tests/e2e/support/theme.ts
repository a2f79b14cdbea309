import type { Page } from '@playwright/test';

export const themes = ['light', 'dark'] as const;

/** The theme a visitor chose on an earlier visit, stored before the first page loads. */
export async function useTheme(page: Page, theme: (typeof themes)[number]): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}
