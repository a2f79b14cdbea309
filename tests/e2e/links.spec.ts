import type { APIRequestContext, APIResponse } from '@playwright/test';
import { JSDOM } from 'jsdom';
import { formResults } from '../../common/form-results';
import { languageCodes, languageCookieName, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { jobIds } from '../../src/content/jobs/jobs';
import { formResultHref, jobHref, otherLanguage, unknownToken, visitHref } from './support/addresses';
import { e2eBaseUrl } from './support/environment';
import { localeTexts } from './support/locales';
import { expect, test } from './support/test';

/**
 * docs/contract.md#languages-and-urls: every internal link and form of every page in every language
 * leads to a page that answers at once (no 404, no redirect) in the page's
 * language; a language menu entry (`hreflang`) leads to the same page in its
 * own. Each address is fetched once, as the server sends it, with a cookie and
 * a browser language that disagree with the language expected, so a link
 * whose language depends on the visitor (such as a bare `/`) is caught.
 */

interface Control {
  /** The address it leads to, resolved against its page. */
  url: URL;
  /** The language its target must be in. */
  lng: Language;
  /** What it is, for messages: `a "/en/about"`, `form post "/send-contact.php"`. */
  label: string;
}

interface Form extends Control {
  method: 'get' | 'post';
  /** The fields a visitor sends without filling anything in: the hidden ones. */
  fields: URLSearchParams;
}

interface Answer {
  status: number;
  location: string | undefined;
  setCookie: boolean;
  /** For an HTML answer: its `<html lang>`, the ids in it, its first h1, its links and forms. */
  lang?: string;
  ids: Set<string>;
  h1: string;
  links: Control[];
  forms: Form[];
}

const origin = new URL(e2eBaseUrl).origin;
const addressOf = (url: URL) => `${url.pathname}${url.search}`;

/** A cookie and a browser language that name another language than the one a page must be in. */
const disagreeing = (lng: Language) => ({
  cookie: `${languageCookieName}=${otherLanguage(lng)}`,
  'accept-language': otherLanguage(lng),
});

/** What a page offers to follow: its links and forms to this site. */
function readPage(html: string, address: string, lng: Language): Omit<Answer, 'status' | 'location' | 'setCookie'> {
  const { window } = new JSDOM(html);
  const { document } = window;
  const base = new URL(address, origin);
  const ownSite = (url: URL) => url.origin === origin;
  const links: Control[] = [...document.querySelectorAll('a[href]')].flatMap((a) => {
    const href = a.getAttribute('href') ?? '';
    const url = new URL(href, base);
    if (!ownSite(url)) return [];
    const hreflang = a.getAttribute('hreflang');
    return [{ url, lng: (hreflang as Language | null) ?? lng, label: `a "${href}"` }];
  });
  const forms: Form[] = [...document.querySelectorAll('form')].flatMap((form) => {
    const action = form.getAttribute('action');
    const url = new URL(action ?? address, base);
    if (!ownSite(url)) return [];
    const method = form.getAttribute('method')?.toLowerCase() === 'post' ? 'post' : 'get';
    const fields = new URLSearchParams();
    for (const input of form.querySelectorAll('input[type="hidden"][name]')) {
      fields.append(input.getAttribute('name') ?? '', input.getAttribute('value') ?? '');
    }
    if (method === 'get') url.search = fields.toString();
    return [{ url, lng, method, fields, label: `form ${method} "${action ?? '(its own address)'}"` }];
  });
  const result = {
    lang: document.documentElement.getAttribute('lang') ?? '',
    ids: new Set([...document.querySelectorAll('[id]')].map((element) => element.id)),
    h1: document.querySelector('h1')?.textContent?.trim() ?? '',
    links,
    forms,
  };
  window.close();
  return result;
}

async function read(response: APIResponse, address: string, lng: Language): Promise<Answer> {
  const headers = response.headers();
  const answer = {
    status: response.status(),
    location: headers.location,
    setCookie: 'set-cookie' in headers,
    ids: new Set<string>(),
    h1: '',
    links: [],
    forms: [],
  };
  if (!headers['content-type']?.startsWith('text/html')) return answer;
  return { ...answer, ...readPage(await response.text(), address, lng) };
}

/** Fetches each address once per expected language. */
function crawler(request: APIRequestContext) {
  const answers = new Map<string, Promise<Answer>>();
  const get = (address: string, lng: Language) => {
    const key = `get ${lng} ${address}`;
    let answer = answers.get(key);
    if (!answer) {
      // As a browser follows a link of the page (docs/decisions/0051-german-home-links.md).
      answer = request
        .get(address, { headers: { ...disagreeing(lng), 'sec-fetch-site': 'same-origin' }, maxRedirects: 0 })
        .then((response) => read(response, address, lng));
      answers.set(key, answer);
    }
    return answer;
  };
  const post = (form: Form) => {
    const key = `post ${form.lng} ${addressOf(form.url)} ${form.fields.toString()}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = request
        .post(addressOf(form.url), {
          headers: {
            ...disagreeing(form.lng),
            origin,
            'content-type': 'application/x-www-form-urlencoded',
          },
          data: form.fields.toString(),
          maxRedirects: 0,
        })
        .then((response) => read(response, addressOf(form.url), form.lng));
      answers.set(key, answer);
    }
    return answer;
  };
  return { get, post };
}

/** Where the crawl of a language starts: every page of the registry, every job, every form result, the 404 page. */
function startingPoints(lng: Language): string[] {
  return [
    ...sitePages.map((page) => pageHref(page.id, lng)),
    ...sitePages
      .filter((page) => page.id.startsWith('newsletter-'))
      .map((page) => pageHref(page.id, lng, { variant: { token: unknownToken } })),
    ...jobIds.map((job) => jobHref(job, lng)),
    ...formResults.map((status) => formResultHref(status, lng)),
  ];
}

for (const lng of languageCodes) {
  test(`every link and form of every page in ${lng} leads to a page in its language, without a redirect`, async ({
    request,
  }) => {
    test.slow();
    const { get, post } = crawler(request);
    const resultTitles = new Set(Object.values(localeTexts(lng, 'form-result').results).map((result) => result.title));
    const problems = new Set<string>();
    const crawled = new Set<string>();
    let followed = 0;
    const queue = startingPoints(lng);
    const notFound = visitHref({ id: 'not-found' }, lng);
    queue.push(notFound);

    /** The target of a link or a GET form: answers 200 in its language, with the fragment it names. */
    const checkTarget = async (source: string, control: Control) => {
      followed++;
      const address = addressOf(control.url);
      const answer = await get(address, control.lng);
      const where = `${source}: ${control.label}`;
      if (answer.status !== 200) {
        problems.add(`${where} answers ${answer.status}${answer.location ? ` to ${answer.location}` : ''}`);
        return;
      }
      if (answer.lang !== undefined && answer.lang !== control.lng)
        problems.add(`${where} leads to a page in ${answer.lang}, not ${control.lng}`);
      const fragment = decodeURIComponent(control.url.hash.slice(1));
      if (fragment && !answer.ids.has(fragment)) problems.add(`${where} names #${fragment}, which is not there`);
      if (control.lng === lng && answer.lang !== undefined && !crawled.has(address)) queue.push(address);
    };

    /** A POST form sent empty: the result page in the page's language, never the page-not-found screen. */
    const checkPost = async (source: string, form: Form) => {
      followed++;
      const answer = await post(form);
      const where = `${source}: ${form.label}`;
      if (answer.setCookie) problems.add(`${where} sets a cookie`);
      if (answer.status === 303 && answer.location) {
        await checkTarget(source, { ...form, url: new URL(answer.location, origin) });
      } else if (answer.status >= 500 || answer.lang !== lng || !resultTitles.has(answer.h1)) {
        problems.add(`${where} answers ${answer.status} with "${answer.h1}" in ${answer.lang}`);
      }
    };

    while (queue.length > 0) {
      const address = queue.shift() ?? '';
      if (crawled.has(address)) continue;
      crawled.add(address);
      const answer = await get(address, lng);
      const expectedStatus = address === notFound ? 404 : 200;
      if (answer.status !== expectedStatus || answer.lang !== lng) {
        problems.add(`${address} answers ${answer.status} ${answer.location ?? ''} in ${answer.lang}`);
        continue;
      }
      if (answer.setCookie) problems.add(`${address} sets a cookie`);
      for (const link of answer.links) {
        // A link within the page: its fragment must be there.
        if (addressOf(link.url) === address && link.url.hash) {
          const fragment = decodeURIComponent(link.url.hash.slice(1));
          if (!answer.ids.has(fragment)) problems.add(`${address}: ${link.label} names a missing #${fragment}`);
          continue;
        }
        await checkTarget(address, link);
      }
      for (const form of answer.forms) {
        if (form.method === 'get') await checkTarget(address, form);
        else await checkPost(address, form);
      }
    }

    test.info().annotations.push({
      type: 'crawl',
      description: `${crawled.size} pages read, ${followed} links and forms followed`,
    });
    expect([...problems]).toEqual([]);
    // Every page has a header, a footer and a language menu full of links.
    expect(followed).toBeGreaterThan(crawled.size * 10);
  });
}
