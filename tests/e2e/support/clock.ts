import type { Page } from '@playwright/test';

/** Stops the page clock 200 ms from now; on a busy machine "now" may pass before the call lands, so try again. */
export async function pauseClockSoon(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 200);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}
