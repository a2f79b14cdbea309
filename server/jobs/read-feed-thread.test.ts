import { describe, expect, it } from 'vitest';
import { languageCodes, type Language } from '../../common/languages';
import { fixturePositions } from '../test/personio-fixtures';
import { personioXml, type StandInPosition } from '../test/personio-stand-in';
import { FeedError } from './personio-feed';
import { feedReadLimits, parseAndJoin, parseAndJoinOffThread, type FeedReadInput } from './read-feed-thread';

const input = (positions: StandInPosition[]): FeedReadInput => ({
  documents: Object.fromEntries(languageCodes.map((lng) => [lng, personioXml(positions, lng)])) as Record<
    Language,
    string
  >,
  feedUrl: 'https://acme.jobs.personio.de/xml',
  previous: {},
  now: Date.UTC(2026, 10, 20),
});

describe('a read of the feed in a worker thread', () => {
  it('gives what the same read gives in this thread', async () => {
    const read = input(fixturePositions(20));
    expect(await parseAndJoinOffThread(read)).toEqual(await parseAndJoin(read));
  });

  it('refuses a document that is no feed, naming its language', async () => {
    const read = input(fixturePositions(2));
    read.documents.fr = '<html></html>';
    await expect(parseAndJoinOffThread(read)).rejects.toThrow(
      /^the fr document was refused: it is not a Personio feed/,
    );
  });

  it('is stopped and refused whole past its deadline or its memory', async () => {
    const read = input(fixturePositions(200));
    await expect(parseAndJoinOffThread(read, { ...feedReadLimits, deadlineMs: 20 })).rejects.toThrow(
      new FeedError('parsing and sanitizing its documents took longer than 0.02 s'),
    );
    await expect(parseAndJoinOffThread(read, { ...feedReadLimits, maxMemoryMb: 8 })).rejects.toThrow(
      new FeedError('parsing and sanitizing its documents took more than 8 MB'),
    );
  });
});
