import { describe, expect, it } from 'vitest';
import { defaultQueueTimings, retryDelay } from './queue';

describe('retryDelay', () => {
  it('starts within seconds and doubles', () => {
    expect(retryDelay(1, defaultQueueTimings, () => 0.5)).toBe(2_000);
    expect(retryDelay(2, defaultQueueTimings, () => 0.5)).toBe(4_000);
    expect(retryDelay(5, defaultQueueTimings, () => 0.5)).toBe(32_000);
  });

  it('never waits more than 5 minutes (plus jitter)', () => {
    expect(retryDelay(30, defaultQueueTimings, () => 0.5)).toBe(5 * 60_000);
    expect(retryDelay(30, defaultQueueTimings, () => 1)).toBe(5 * 60_000 * 1.2);
  });

  it('spreads retries by ±20 % so failed jobs do not retry in lockstep', () => {
    expect(retryDelay(3, defaultQueueTimings, () => 0)).toBe(6_400);
    expect(retryDelay(3, defaultQueueTimings, () => 1)).toBe(9_600);
  });
});
