import { describe, expect, it } from 'vitest';
import { assertNoDuplicateKeys, DuplicateKeyError } from './strict-json';

describe('assertNoDuplicateKeys', () => {
  it.each([
    '{"name":"a","email":"b"}',
    '{"a":{"x":1},"b":{"x":2}}',
    '[{"a":1},{"a":2}]',
    '{"a":"\\"a\\":","b":["a","a"]}',
    '{"text":"{\\"a\\":1,\\"a\\":2}"}',
    '"just a string"',
  ])('accepts %s', (json) => {
    expect(() => assertNoDuplicateKeys(json)).not.toThrow();
  });

  it.each([
    '{"name":"a","name":"b"}',
    '{"a":1,"b":{"c":1,"c":2}}',
    '[{"x":1,"y":2,"x":3}]',
    '{"email":"a","\\u0065mail":"b"}',
  ])('refuses %s', (json) => {
    expect(() => assertNoDuplicateKeys(json)).toThrow(DuplicateKeyError);
  });
});
