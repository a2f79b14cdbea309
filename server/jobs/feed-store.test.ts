import { describe, expect, it } from 'vitest';
import { closedKeptMs, feedKey, keptClosed, maxClosed } from './feed-store';

const feedUrl = 'https://westbridge.jobs.personio.de/xml';
const row = (version: string | null, failingSince: number | null, url = feedUrl) => ({
  feed_url: url,
  version,
  failing_since: failingSince,
});

describe('what a stored feed row means for the pages (the same for every instance’s poll and its jobs)', () => {
  it('is ready with the version of the jobs read, whether or not the reads fail since', () => {
    expect(feedKey(row('v1', null), feedUrl)).toEqual({ state: 'ready', key: 'ready:v1' });
    expect(feedKey(row('v1', 1_700_000_000_000), feedUrl)).toEqual({ state: 'ready', key: 'ready:v1' });
  });

  it('is an error when the feed fails before any read, and loading before any attempt', () => {
    expect(feedKey(row(null, 1_700_000_000_000), feedUrl)).toEqual({ state: 'error', key: 'error:' });
    expect(feedKey(row(null, null), feedUrl)).toEqual({ state: 'loading', key: 'loading' });
  });

  it('counts no row, and the row of another JOBS_FEED_URL, as nothing read yet', () => {
    expect(feedKey(undefined, feedUrl)).toEqual({ state: 'loading', key: 'loading' });
    expect(feedKey(row('v1', null, 'https://other.jobs.personio.de/xml'), feedUrl)).toEqual({
      state: 'loading',
      key: 'loading',
    });
  });
});

describe('the closed positions kept', () => {
  const now = Date.UTC(2026, 10, 20);
  it(`are the ${maxClosed} closed last, within the period, none open again`, () => {
    const entries = Array.from({ length: maxClosed + 500 }, (_, index): [string, number] => [
      String(index),
      now - index * 60_000,
    ]);
    const kept = keptClosed([...entries, ['old', now - closedKeptMs - 1]], { '3': {} }, now);
    expect(Object.keys(kept)).toHaveLength(maxClosed);
    expect(kept).not.toHaveProperty('3');
    expect(kept).not.toHaveProperty('old');
    expect(kept).toHaveProperty('0');
    expect(kept).toHaveProperty(String(maxClosed));
    expect(kept).not.toHaveProperty(String(maxClosed + 1));
  });
});
