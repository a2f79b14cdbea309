import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The server's direction as eslint.config.js gives it, checked on imports written into files of each place. */
const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('the server imports in one direction', () => {
  it('the ground imports no domain, in its code or its tests', async () => {
    expect(await refusals('server/privacy/x.ts', "import '../newsletter/subscriptions';")).toEqual([
      expect.stringMatching(/The ground never imports a domain/),
    ]);
    expect(await refusals('server/mail/x.test.ts', "import '../jobs/feed-status';")).toHaveLength(1);
    expect(await refusals('server/config/x.ts', "import '../metrics/metrics';")).toHaveLength(1);
    expect(await refusals('server/paths.ts', "import './metrics/metrics';")).toHaveLength(1);
    expect(await refusals('server/http/x.ts', "import '../queue/queue';")).toEqual([]);
  });

  it('a domain imports the ground, and no other domain', async () => {
    expect(await refusals('server/jobs/x.ts', "import '../pages/page-routes';")).toEqual([
      expect.stringMatching(/Domains stay independent/),
    ]);
    expect(await refusals('server/jobs/x.test.ts', "import '../newsletter/subscriptions';")).toHaveLength(1);
    expect(await refusals('server/jobs/x.ts', "import '../documents/page-store';")).toEqual([]);
    expect(await refusals('server/metrics/x.ts', "import '../http/request-log';")).toEqual([]);
  });

  it('only the entry points and tests use the wiring and the test helpers', async () => {
    expect(await refusals('server/newsletter/x.ts', "import '../operator-commands';")).toEqual([
      expect.stringMatching(/Only the entry points and tests/),
    ]);
    expect(await refusals('server/db/x.ts', "import '../test/test-database';")).toHaveLength(1);
    expect(await refusals('server/http/x.test.ts', "import '../app';")).toEqual([]);
    expect(await refusals('server/app.ts', "import './jobs/job-pages'; import './newsletter/subscriptions';")).toEqual(
      [],
    );
  });

  it('a migration imports nothing but kysely, the database types and earlier migrations', async () => {
    expect(await refusals('server/db/migrations/011-x.ts', "import '../../privacy/address-hash';")).toEqual([
      expect.stringMatching(/freeze a copy/),
    ]);
    expect(await refusals('server/db/migrations/011-x.ts', "import '../../../common/email-address';")).toHaveLength(1);
    expect(
      await refusals(
        'server/db/migrations/011-x.ts',
        "import 'kysely'; import '../schema'; import './005-keyed-address-hashes';",
      ),
    ).toEqual([]);
    expect(await refusals('server/db/migrations/011-x.test.ts', "import '../../privacy/address-hash';")).toEqual([]);
  });
});
