import { describe, expect, it } from 'vitest';
import { languageCodes, type Language } from '../../common/languages';
import { fixturePositions } from '../test/personio-fixtures';
import { personioXml, type StandInPosition } from '../test/personio-stand-in';
import { joinFeed } from './feed-jobs';
import { htmlBounds, HtmlRefused, plainText, sanitizeJobHtml } from './job-html';
import { FeedError, maxPositions, parsePersonioFeed, type PersonioPosition } from './personio-feed';

const section = (value: string) => [{ name: 'Your tasks', value }];
/** A position's title in a language, as the feed of every language the site speaks gives it. */
const title = (id: string, lng: Language) => `Position ${id} (${lng})`;
const position = (id: string, overrides: Partial<StandInPosition> = {}): StandInPosition => ({
  id,
  texts: Object.fromEntries(
    languageCodes.map((lng) => [lng, { name: title(id, lng), sections: section(`<p>Tasks (${lng})</p>`) }]),
  ),
  ...overrides,
});

const documentsOf = (positions: StandInPosition[]) =>
  Object.fromEntries(languageCodes.map((lng) => [lng, parsePersonioFeed(personioXml(positions, lng))])) as Record<
    Language,
    PersonioPosition[]
  >;

async function join(positions: StandInPosition[]) {
  const problems: string[] = [];
  const feed = await joinFeed(documentsOf(positions), {
    feedUrl: 'https://acme.jobs.personio.de/xml',
    previous: {},
    now: Date.UTC(2026, 10, 20),
    problem: (message) => problems.push(message),
  });
  return { ...feed, problems };
}

describe('the Personio document', () => {
  it('reads every field of a position, CDATA included, and leaves out a salary Personio left out', () => {
    const [read, plain] = parsePersonioFeed(
      personioXml(
        [
          position('7', {
            additionalOffices: ['Hamburg'],
            salary: { min: '52000', max: '', currencyCode: 'EUR', type: 'yearly' },
            texts: { de: { name: 'Lagerist', sections: section('<p>A &amp; B]]>C</p>') } },
          }),
          position('8'),
        ],
        'de',
      ),
    );
    expect(read).toMatchObject({
      id: '7',
      office: 'Berlin',
      additionalOffices: ['Hamburg'],
      name: 'Lagerist',
      jobDescriptions: [{ name: 'Your tasks', value: '<p>A &amp; B]]>C</p>' }],
      salaryInformation: { min: '52000', max: '', currencyCode: 'EUR', type: 'yearly' },
    });
    expect(plain?.salaryInformation).toBeNull();
  });

  it.each([
    [
      'a billion laughs',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><workzag-jobs>&lol2;</workzag-jobs>',
    ],
    [
      'an external entity',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><workzag-jobs><position><id>&xxe;</id></position></workzag-jobs>',
    ],
    ['malformed XML', '<workzag-jobs><position><id>1</id></workzag-jobs>'],
    ['another document', '<html><body>Personio</body></html>'],
    ['an empty body', ''],
    ['elements nested 10,000 deep', `<workzag-jobs>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</workzag-jobs>`],
  ])('refuses %s whole', (_name, xml) => {
    expect(() => parsePersonioFeed(xml)).toThrow(FeedError);
  });

  it('reads a valid feed without positions as no openings', () => {
    expect(parsePersonioFeed('<?xml version="1.0" encoding="UTF-8"?><workzag-jobs></workzag-jobs>')).toEqual([]);
  });
});

describe('the feed’s HTML', () => {
  it('keeps paragraphs, lists, emphasis, line breaks and http(s) links', () => {
    expect(
      sanitizeJobHtml(
        '<p>One<br>two</p><ul><li><strong>a</strong> <em>b</em></li></ul><a href="https://x.example/">x</a>',
      ),
    ).toBe(
      '<p>One<br />two</p><ul><li><strong>a</strong> <em>b</em></li></ul><a href="https://x.example/" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('removes every dangerous construct', () => {
    const html = sanitizeJobHtml(
      '<script>alert(1)</script><p onclick="alert(2)" style="color:red">text</p>' +
        '<a href="javascript:alert(3)">js</a><a href="data:text/html,x">data</a><a href="//evil.example/">proto</a>' +
        '<img src="https://tracker.example/pixel.gif" onerror="alert(4)"><iframe src="https://evil.example/"></iframe>' +
        '<form action="https://evil.example/"><input name="q"></form><style>p{}</style><svg><script>alert(5)</script></svg>',
    );
    for (const forbidden of [
      '<script',
      'alert',
      'onclick',
      'onerror',
      'style',
      'javascript:',
      'data:',
      '<img',
      '<iframe',
      '<form',
      '<input',
      '<svg',
      'evil',
      'tracker',
    ]) {
      expect(html, forbidden).not.toContain(forbidden);
    }
    expect(html).toContain('<p>text</p>');
  });

  it('makes HTML nested as deep as its tags allow harmless', () => {
    const levels = htmlBounds.maxTags / 4;
    const html = sanitizeJobHtml(`${'<ul><li>'.repeat(levels)}deep${'</li></ul>'.repeat(levels)}`);
    expect(html).toContain('deep');
    expect((html.match(/<ul>/g) ?? []).length).toBeLessThanOrEqual(8);
  });

  it.each([
    ['one tag too many', '<b>'.repeat(htmlBounds.maxTags + 1), /more than the 5000 tags/],
    ['one character too many', 'x'.repeat(htmlBounds.maxLength + 1), /262145 characters/],
  ])('refuses a text with %s, before parsing it', (_name, html, message) => {
    expect(() => sanitizeJobHtml(html)).toThrow(HtmlRefused);
    expect(() => sanitizeJobHtml(html)).toThrow(message);
    expect(() => plainText(html)).toThrow(HtmlRefused);
  });
});

describe('joining the languages', () => {
  it('shows each language’s own version, and the German one, marked, where a language has none', async () => {
    const { jobs, ownTexts } = await join([
      position('1'),
      position('2', { texts: { de: { name: 'Nur Deutsch', sections: section('<p>Text</p>') } } }),
      position('3', {
        texts: {
          de: { name: 'Leer in Englisch', sections: section('<p>Text</p>') },
          en: { name: 'Empty', sections: section('<p> </p>') },
        },
      }),
    ]);
    expect(jobs.en.map((job) => [job.id, job.lang, job.title])).toEqual([
      ['1', 'en', title('1', 'en')],
      ['2', 'de', 'Nur Deutsch'],
      ['3', 'de', 'Leer in Englisch'],
    ]);
    expect(ownTexts).toEqual({ ...Object.fromEntries(languageCodes.map((lng) => [lng, 1])), de: 3 });
    expect(jobs.fr[0]?.applyUrl).toBe('https://acme.jobs.personio.de/job/1?language=fr#apply');
  });

  it('leaves out or repairs what cannot be shown, and says so', async () => {
    const long = 'x'.repeat(300);
    const { jobs, problems } = await join([
      position('a/b'),
      position('..'),
      position(long),
      position('10'),
      position('10', { texts: { de: { name: 'Doppelt', sections: section('<p>x</p>') } } }),
      position('11', { texts: { de: { name: 'N'.repeat(5_000), sections: section('<p>x</p>') } } }),
      position('12', { texts: { de: { name: '<b>Fett</b> <script>x</script>Titel', sections: section('<p>x</p>') } } }),
      position('13', { createdAt: 'yesterday' }),
      position('14', { salary: { min: '70000', max: '50000', currencyCode: 'EUR', type: 'yearly' } }),
      position('15', { salary: { min: '50000', max: '60000', currencyCode: 'XYZ', type: 'yearly' } }),
      position('16', { salary: { min: '20', max: '25', currencyCode: 'EUR', type: 'hourly' } }),
    ]);
    const ids = jobs.de.map((job) => job.id);
    expect(ids).toEqual(['10', '12', '13', '14', '15', '16']);
    expect(jobs.de.find((job) => job.id === '10')?.title).toBe(title('10', 'de'));
    expect(jobs.de.find((job) => job.id === '12')?.title).toBe('Fett Titel');
    expect(jobs.de.find((job) => job.id === '13')?.datePosted).toBe('2026-11-20');
    expect(jobs.de.find((job) => job.id === '14')?.salary).toBeNull();
    expect(jobs.de.find((job) => job.id === '15')?.salary).toBeNull();
    expect(jobs.de.find((job) => job.id === '16')?.salary).toEqual({ min: 20, max: 25, currency: 'EUR', unit: 'HOUR' });
    expect(problems.join('\n')).toMatch(/a\/b/);
    expect(problems.join('\n')).toMatch(/appears twice/);
    expect(problems.join('\n')).toMatch(/5000 characters/);
    expect(problems.join('\n')).toMatch(/not a date/);
    expect(problems.join('\n')).toMatch(/minimum 70000 is above its maximum 50000/);
    expect(problems.join('\n')).toMatch(/not ISO 4217/);
  });

  it('tells a position without a salary range once, against the pay policy, and shows it without pay', async () => {
    const { jobs, problems } = await join([
      position('20', { salary: { min: '50000', max: '60000', currencyCode: 'EUR', type: 'yearly' } }),
      position('21'),
    ]);
    for (const lng of languageCodes) expect(jobs[lng].find((job) => job.id === '21')?.salary).toBeNull();
    expect(problems.filter((problem) => /salary/.test(problem))).toEqual([
      'position 21: has no salary range, so it is shown without pay: enter its range in Personio',
    ]);
  });

  it('lets the instance answer requests while it sanitizes a long feed', async () => {
    const documents = documentsOf(fixturePositions(40));
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    await joinFeed(documents, {
      feedUrl: 'https://acme.jobs.personio.de/xml',
      previous: {},
      now: Date.now(),
      problem: () => {},
    });
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(0);
  });

  // 400,000 unclosed <b> (1.2 MB) kept an instance busy for 43 s: the time grew with the square of the depth.
  it.each([
    ['nested 100,000 deep', 'section 1', '<b>'.repeat(100_000)],
    ['nested 200,000 deep', 'section 1', '<b>'.repeat(200_000)],
    ['nested 400,000 deep', 'section 1', `${'<ul><li><b>'.repeat(133_334)}x`],
    ['of 5 MB', 'section 1', '<p>x</p>'.repeat(625_000)],
    ['as a title nested 400,000 deep', 'title', '<b>'.repeat(400_000)],
  ])('refuses a position whose HTML is %s, at once, and takes the others', async (_name, where, html) => {
    const hostile =
      where === 'title'
        ? position('66', { texts: { en: { name: html, sections: section('<p>x</p>') } } })
        : position('66', {
            texts: {
              de: { name: 'Böse', sections: section('<p>ok</p>') },
              en: { name: 'Hostile', sections: section(html) },
            },
          });
    const started = performance.now();
    const { jobs, problems } = await join([position('65'), hostile, position('67')]);
    // About 0.5 s here for the 3.6 MB document the XML parser reads first; 5 s leaves room for a
    // busy machine and still refuses the quadratic 43 s.
    expect(performance.now() - started).toBeLessThan(5_000);
    for (const lng of languageCodes) expect(jobs[lng].map((job) => job.id)).toEqual(['65', '67']);
    // Positions 65 and 67 carry no salary here: each is told once as well (the pay policy).
    expect(problems.filter((problem) => !problem.includes('has no salary range'))).toEqual([
      expect.stringMatching(new RegExp(`^position 66 \\(en\\): its ${where} has .*: left out$`)),
    ]);
  });

  it(`refuses a document with more than ${maxPositions} positions whole`, () => {
    const many = Array.from({ length: 10_000 }, (_, index) => position(String(index)));
    expect(() => parsePersonioFeed(personioXml(many, 'de'))).toThrow(FeedError);
    expect(parsePersonioFeed(personioXml(many.slice(0, maxPositions), 'de'))).toHaveLength(maxPositions);
  });
});
