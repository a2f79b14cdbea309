import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/database';
import { notReadYet, readFeedStatus, type FeedStatus } from './feed-status';
import { describeFeedUrl } from './fetch-feed';

/**
 * The feed's last successful read, its failures and its positions per language,
 * read from the one row all instances share. A time that has not happened (no
 * successful read yet, no failure now) is no sample rather than 0, which the
 * stale-feed alert would take for 1970; so is everything while the row is
 * another JOBS_FEED_URL's, and an instance that could not read the row yet has
 * no sample either (later, it keeps the values it read last). As `npm run
 * jobs:status` shows them, from the database, on GET /metrics beside the site's
 * own figures (server/metrics/metrics.ts); deploy/prometheus/alerts.yml watches
 * the last success and the positions without pay.
 */
export function jobsFeedGauges(
  registry: Registry,
  {
    db,
    feedUrl,
    now = Date.now,
    cacheMs = 1_000,
  }: { db: Database; feedUrl: string; now?: () => number; cacheMs?: number },
): void {
  let reading: { at: number; status: Promise<FeedStatus | null> } | null = null;
  const status = () => {
    const at = now();
    if (!reading || at - reading.at >= cacheMs || at < reading.at) {
      reading = {
        at,
        status: readFeedStatus(db).then(
          (feed) => (feed.feed === describeFeedUrl(feedUrl) ? feed : { ...feed, ...notReadYet }),
          () => null,
        ),
      };
    }
    return reading.status;
  };
  const timestamp = (name: string, help: string, pick: (feed: FeedStatus) => number | null) => {
    const gauge = new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const feed = await status();
        if (!feed) return;
        const time = pick(feed);
        if (time === null) this.remove({});
        else this.set(time / 1000);
      },
    });
    gauge.remove({});
  };
  timestamp(
    'westbridge_jobs_feed_last_success_timestamp_seconds',
    'When the Personio job feed was last read successfully (all languages); no sample until it has been.',
    (feed) => feed.readAt,
  );
  timestamp(
    'westbridge_jobs_feed_failing_since_timestamp_seconds',
    'When the current streak of failed reads of the Personio job feed began; no sample while the reads succeed.',
    (feed) => feed.failingSince,
  );
  new Gauge({
    name: 'westbridge_jobs_feed_last_error_timestamp_seconds',
    help: 'When a read of the Personio job feed last failed (the log and npm run jobs:status say why); 0 if none has.',
    registers: [registry],
    async collect() {
      const feed = await status();
      if (feed) this.set((feed.lastErrorAt ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'westbridge_jobs_feed_failing',
    help: '1 while the reads of the Personio job feed fail (the last good jobs are shown), else 0.',
    registers: [registry],
    async collect() {
      const feed = await status();
      if (feed) this.set(feed.failingSince === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'westbridge_jobs_feed_positions_without_pay',
    help: 'Open positions the site shows without a pay range, against the pay policy of a range on every job; npm run jobs:status names them.',
    registers: [registry],
    async collect() {
      const feed = await status();
      if (feed) this.set(feed.withoutPay.length);
    },
  });
  new Gauge({
    name: 'westbridge_jobs_feed_positions',
    help: 'Open positions the site shows from the feed, by language; `own` counts those with texts in that language (the rest are shown in German).',
    labelNames: ['language', 'texts'],
    registers: [registry],
    async collect() {
      this.reset();
      const feed = await status();
      if (!feed) return;
      for (const [lng, count] of Object.entries(feed.positions)) {
        this.set({ language: lng, texts: 'all' }, count.shown);
        this.set({ language: lng, texts: 'own' }, count.own);
      }
    },
  });
}
