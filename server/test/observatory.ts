import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

export interface RecordedAnswer {
  status: number;
  headers: IncomingHttpHeaders | OutgoingHttpHeaders;
  body: string;
}

export interface ObservatoryGrade {
  grade: string;
  score: number;
  /** Each test's name and outcome, e.g. `strictTransportSecurityTest: hsts-implemented-max-age-at-least-six-months`. */
  results: Record<string, { result: string | null; pass: boolean | null; modifier: number }>;
}

/**
 * The analyzer reads the browsers' HSTS preload list from a file its install
 * script downloads; without network it is missing, and an empty list is right
 * for our host, which is not preloaded.
 */
function ensurePreloadList(): void {
  const packageJson = createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json');
  const file = path.join(path.dirname(packageJson), 'conf', 'hsts-preload.json');
  if (!existsSync(file)) writeFileSync(file, '{}');
}

const htmlTypes = new Set(['text/html', 'application/xhtml+xml']);

/**
 * Grades recorded answers by the MDN HTTP Observatory's rules (its own tests
 * and score table), as its scanner would for `url`, without any network:
 * `page` is the answer at `url`, `preflight` the answer to its CORS preflight.
 * Over https, `redirect` is the answer at the plain-http address; without it,
 * that address is taken to redirect to `url`, the proxy's job. Over http there
 * is no https and no redirect.
 */
export async function gradeWithObservatory({
  url,
  page,
  preflight,
  redirect,
}: {
  url: string;
  page: RecordedAnswer;
  preflight: RecordedAnswer;
  redirect?: RecordedAnswer;
}): Promise<ObservatoryGrade> {
  ensurePreloadList();
  const [{ ALL_TESTS }, grader, { MINIMUM_SCORE_FOR_EXTRA_CREDIT }, { parseHttpEquivHeaders }, { Requests }] =
    await Promise.all([
      import('@mdn/mdn-http-observatory/src/constants.js'),
      import('@mdn/mdn-http-observatory/src/grader/grader.js'),
      import('@mdn/mdn-http-observatory/src/grader/charts.js'),
      import('@mdn/mdn-http-observatory/src/retriever/utils.js'),
      import('@mdn/mdn-http-observatory/src/types.js'),
    ]);
  const address = new URL(url);
  const https = address.protocol === 'https:';
  const isHtml = htmlTypes.has(String(page.headers['content-type'] ?? '').split(';')[0] ?? '');
  const response = {
    status: page.status,
    headers: page.headers,
    verified: true,
    data: page.body,
    httpEquiv: isHtml ? parseHttpEquivHeaders(page.body, address.href) : new Map(),
  };
  const requests = new Requests(address.hostname);
  requests.resources.path = isHtml ? page.body : null;
  requests.session = { url: address, jar: null };
  requests.responses.auto = response;
  requests.responses.https = https ? response : null;
  const plain = new URL(address);
  plain.protocol = 'http:';
  const plainAnswer = redirect ?? { status: 301, headers: { location: address.href } };
  const redirectedTo = new URL(String(plainAnswer.headers.location ?? plain.href), plain);
  requests.responses.http = https
    ? { status: plainAnswer.status, headers: plainAnswer.headers, verified: true }
    : response;
  requests.responses.httpRedirects = https
    ? [
        { url: plain, status: plainAnswer.status },
        { url: redirectedTo, status: page.status },
      ]
    : [{ url: address, status: page.status }];
  requests.responses.cors = {
    status: preflight.status,
    headers: preflight.headers,
    verified: true,
    request: { headers: { origin: 'https://http-observatory.security.mozilla.org' } },
  };

  let scoreWithExtraCredit = 100;
  let uncurvedScore = 100;
  const results: ObservatoryGrade['results'] = {};
  for (const test of ALL_TESTS) {
    const output = test(requests);
    const modifier = output.result ? grader.getScoreModifier(output.result) : 0;
    scoreWithExtraCredit += modifier;
    if (modifier < 0) uncurvedScore += modifier;
    results[test.name] = { result: output.result, pass: output.pass, modifier };
  }
  const { score, grade } = grader.getGradeForScore(
    uncurvedScore >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore,
  );
  return { grade, score, results };
}
