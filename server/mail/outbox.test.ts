import { describe, expect, it } from 'vitest';
import { describeError } from '../describe-error';
import { outboxPolicy, retryDelay } from './outbox';

describe('retryDelay', () => {
  it('starts within seconds and doubles', () => {
    expect(retryDelay(1, () => 0.5)).toBe(2_000);
    expect(retryDelay(2, () => 0.5)).toBe(4_000);
    expect(retryDelay(5, () => 0.5)).toBe(32_000);
  });

  it('never waits more than 5 minutes (plus jitter)', () => {
    expect(retryDelay(30, () => 0.5)).toBe(outboxPolicy.maxRetryMs);
    expect(retryDelay(30, () => 1)).toBe(outboxPolicy.maxRetryMs * 1.2);
  });

  it('spreads retries by ±20 % so failed mails do not retry in lockstep', () => {
    expect(retryDelay(3, () => 0)).toBe(6_400);
    expect(retryDelay(3, () => 1)).toBe(9_600);
  });
});

describe('describeError', () => {
  it('keeps the code and first line, without addresses', () => {
    const error = Object.assign(new Error('Mailbox unavailable <jane@example.com>\nmore'), { code: 'EENVELOPE' });
    expect(describeError(error)).toBe('EENVELOPE: Mailbox unavailable <address>');
  });
});
