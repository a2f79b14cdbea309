import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes';

const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inlineScriptHashes', () => {
  it('hashes inline scripts, JSON-LD included, and skips external ones', () => {
    const html =
      '<head><script>boot()</script><script type="module" crossorigin src="/assets/a.js"></script></head>' +
      '<body><script type="application/ld+json">{"url":"https://example.com/jobs"}</script><script>boot()</script></body>';
    expect(inlineScriptHashes(html)).toEqual([hash('boot()'), hash('{"url":"https://example.com/jobs"}')]);
  });
});
