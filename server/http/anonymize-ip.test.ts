import { describe, expect, it } from 'vitest';
import { anonymizeIp } from './anonymize-ip';

describe('anonymizeIp', () => {
  it.each([
    ['203.0.113.57', '203.0.113.0'],
    ['::ffff:198.51.100.23', '198.51.100.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    [undefined, 'unknown'],
    ['garbage', 'unknown'],
  ])('%s → %s', (input, expected) => {
    expect(anonymizeIp(input)).toBe(expected);
  });
});
