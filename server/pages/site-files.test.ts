import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { createDistFixture, fixtureJobId, type DistFixture } from '../test/dist-fixture';
import { PageStore } from '../documents/page-store';
import { errorCode } from '../http/error-handler';
import { svgContentSecurityPolicy } from '../http/security-headers';
import {
  nginxRefusals,
  refusalFile,
  rootFallbackFile,
  siteFile,
  siteFilesWarning,
  unavailableJsonFile,
  writeSiteFiles,
  type SiteFileSettings,
} from './site-files';

let dist: DistFixture;
let out: string;
const settings: SiteFileSettings = {
  siteUrl: 'https://www.example.com',
  https: true,
  analytics: null,
  describe: { SITE_URL: 'https://www.example.com', ANALYTICS_PROVIDER: null },
};
const [other = 'en'] = languageCodes.filter((lng) => lng !== defaultLanguage);

beforeAll(async () => {
  dist = createDistFixture();
  out = path.join(mkdtempSync(path.join(tmpdir(), 'site-files-')), 'site');
  const pages = await PageStore.load(
    path.join(dist.dir, 'pages'),
    { siteUrl: settings.siteUrl },
    () => new Date('2026-06-01'),
  );
  await writeSiteFiles(pages, { site: out, client: path.join(dist.dir, 'client') }, settings, new Date('2026-06-01'));
});

afterAll(() => {
  dist.remove();
  rmSync(path.dirname(out), { recursive: true, force: true });
});

const read = (file: string) => readFileSync(path.join(out, file), 'utf8');

describe('writeSiteFiles', () => {
  it('leaves the jobs pages to the instances when a Personio feed is set', async () => {
    const feedOut = path.join(path.dirname(out), 'feed-site');
    const pages = await PageStore.load(path.join(dist.dir, 'pages'), { siteUrl: settings.siteUrl });
    await writeSiteFiles(
      pages,
      { site: feedOut, client: path.join(dist.dir, 'client') },
      { ...settings, jobsFromInstances: true },
    );
    const conf = readFileSync(path.join(feedOut, 'nginx/pages.conf'), 'utf8');
    expect(conf).toContain(`"GET ${localizedPath('/about', other)}|`);
    expect(conf).not.toContain(`"GET ${localizedPath('/jobs', other)}|`);
    expect(existsSync(path.join(feedOut, `${localizedPath('/jobs', other)}.html`))).toBe(false);
    // What nginx keeps of the instances' answers, to send while none answers: each jobs page by its job.
    for (const lng of languageCodes) {
      const jobs = localizedPath('/jobs', lng);
      expect(conf).toContain(`    "${jobs}" "${jobs}?job=$arg_job";\n`);
    }
  });

  it('writes each page at its address with the settings filled in, and its gzip and brotli beside it', () => {
    for (const lng of languageCodes) {
      const file = `${localizedPath('/about', lng) === '/' ? '/index' : localizedPath('/about', lng)}.html`;
      expect(read(file)).toContain(`<h1>about ${lng}</h1>`);
      expect(read(file)).toContain('https://www.example.com/about');
      expect(gunzipSync(readFileSync(path.join(out, `${file}.gz`))).toString()).toBe(read(file));
      expect(brotliDecompressSync(readFileSync(path.join(out, `${file}.br`))).toString()).toBe(read(file));
    }
    expect(brotliDecompressSync(readFileSync(path.join(out, `${rootFallbackFile}.br`))).toString()).toBe(
      read('/index.html'),
    );
    expect(read('/index.html')).toContain(`home ${defaultLanguage}`);
    expect(read(`${localizedPath('/', other)}.html`)).toContain(`home ${other}`);
    expect(read(`${localizedPath('/jobs', other)}.job-${fixtureJobId}.html`)).toContain(`${fixtureJobId} ${other}`);
    expect(read(`/_site/unavailable.${other}.html`)).toContain(`unavailable ${other}`);
    expect(read(rootFallbackFile)).toBe(read('/index.html'));
    expect(JSON.parse(read(unavailableJsonFile))).toEqual({ success: false, error: 'unavailable' });
  });

  it('maps each address to its file for GET and HEAD only, and each file to its policy and language', () => {
    const conf = read('/nginx/pages.conf');
    const about = localizedPath('/about', other);
    expect(conf).toContain(`"GET ${about}|||" ${about}.html;`);
    expect(conf).toContain(
      `"HEAD ${localizedPath('/jobs', other)}||${fixtureJobId}|" ${localizedPath('/jobs', other)}.job-${fixtureJobId}.html;`,
    );
    expect(conf).not.toMatch(/"POST /);
    // The root is the instances' to answer.
    expect(conf).not.toContain('"GET /|||"');
    expect(conf).toMatch(
      new RegExp(`"${about}\\.html" "default-src 'none'; script-src 'self' 'sha256-[^"]+; upgrade-insecure-requests";`),
    );
    expect(conf).toContain(`"${about}.html" ${other};`);
    expect(read('/nginx/headers.conf')).toContain(
      'add_header strict-transport-security "max-age=31536000; includeSubDomains" always;',
    );
    // An SVG opened at its own address draws and does nothing more.
    expect(conf).toContain(`"~*\\.svg$" "${svgContentSecurityPolicy}";`);
  });

  it('gives nginx SITE_URL’s host to redirect plain http to, and its own refusals as an instance answers them', () => {
    expect(read('/nginx/pages.conf')).toMatch(
      /map \$host \$westbridge_https_origin \{\n {4}default "https:\/\/www\.example\.com";\n\}/,
    );
    for (const status of nginxRefusals) {
      expect(JSON.parse(read(refusalFile(status)))).toEqual({ success: false, error: errorCode(status) });
    }
    // deploy/nginx/westbridge.conf sends each of them, and only them, to its file: nginx's own code, or the one
    // after "=" where nginx's is none a client knows (494: 431).
    const example = readFileSync(path.resolve(import.meta.dirname, '../../deploy/nginx/westbridge.conf'), 'utf8');
    const target = refusalFile(0).replace('0', '$status');
    const answered = [...example.matchAll(/^\s*error_page ([\d =]+) (\S+);$/gm)]
      .filter(([, , uri]) => uri === target)
      .flatMap(([, codes = '']) => {
        const [, answer] = /=(\d+)/.exec(codes) ?? [];
        return answer ? [Number(answer)] : codes.trim().split(/\s+/).map(Number);
      });
    expect([...new Set(answered)].sort()).toEqual([...nginxRefusals].sort());
  });

  it('names the real folders of the files and of the built assets, not a path through a link to the release', async () => {
    const release = path.join(path.dirname(out), 'release');
    const current = path.join(path.dirname(out), 'current');
    mkdirSync(path.join(release, 'dist'), { recursive: true });
    symlinkSync(dist.dir, path.join(release, 'dist', 'build'));
    symlinkSync(release, current);
    const pages = await PageStore.load(path.join(dist.dir, 'pages'), { siteUrl: settings.siteUrl });
    await writeSiteFiles(
      pages,
      { site: path.join(current, 'dist/site'), client: path.join(current, 'dist/build/client') },
      settings,
    );
    const conf = readFileSync(path.join(release, 'dist/site/nginx/pages.conf'), 'utf8');
    expect(conf).toMatch(
      new RegExp(`map \\$host \\$westbridge_site_root \\{\\s+default "${realpathSync(release)}/dist/site";`),
    );
    expect(conf).toMatch(
      new RegExp(`map \\$host \\$westbridge_client_root \\{\\s+default "${realpathSync(dist.dir)}/client";`),
    );
  });

  it('refuses a variant that is no file name', () => {
    expect(() =>
      siteFile({ id: 'jobs', path: '/jobs', lng: other, variant: { job: '../x' }, file: '', status: 200 }),
    ).toThrow(/no file name/);
  });
});

describe('siteFilesWarning', () => {
  it('says nothing for files written for the same settings in this year, or for no files at all', async () => {
    expect(await siteFilesWarning(out, settings, new Date('2026-12-31'))).toBeNull();
    expect(await siteFilesWarning(path.join(out, 'nothing'), settings)).toBeNull();
    expect(existsSync(path.join(out, 'nothing'))).toBe(false);
  });

  it('names the settings that differ, and a year gone by', async () => {
    const other = { ...settings, describe: { ...settings.describe, SITE_URL: 'https://www.example.org' } };
    expect(await siteFilesWarning(out, other, new Date('2026-12-31'))).toMatch(/other settings \(SITE_URL\)/);
    expect(await siteFilesWarning(out, settings, new Date('2027-01-01'))).toMatch(/the year 2026/);
    // The production command first: the operator reads this in the instance's journal.
    expect(await siteFilesWarning(out, other, new Date('2026-12-31'))).toMatch(
      /: run "westbridge write-site" and "systemctl reload nginx" \(in a checkout: npm run write-site/,
    );
  });
});
