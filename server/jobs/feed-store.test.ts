import { describe, expect, it } from 'vitest';
import { feedKey } from './feed-store';

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
