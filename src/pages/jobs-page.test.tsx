import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatSalaryAmounts, type Job, type JobsBoard } from '../../common/jobs';
import { languageCodes } from '../../common/languages';
import { localizedPath, pageHref } from '../../common/page-urls';
import { fixtureFeedJob, fixtureJob } from '../test/job-fixtures';
import { renderWithProviders, textsOf } from '../test/render';
import JobsPage from './jobs-page';

const en = textsOf('en');
const jobsPath = localizedPath('/jobs', 'en');
const fixtureSalary = en(($) => $.salary.range.YEAR, {
  ns: 'jobs',
  range: formatSalaryAmounts({ min: 52_000, max: 64_000, currency: 'EUR', unit: 'YEAR' }, 'en').range,
});
const builtIn: Job[] = [fixtureJob({ id: 'fx-1', title: 'Alpha Consultant' })];
const feed: Job[] = [fixtureFeedJob({ id: '11', title: 'Gamma Clerk' })];

const renderJobPage = (board: JobsBoard, id: string) =>
  renderWithProviders(<JobsPage />, { lng: 'en', path: `${jobsPath}?job=${id}`, jobs: board });

describe('a job’s own page', () => {
  it('has the job’s title as its h1, its pay, its JSON-LD, Back and Apply now as forms that work without JavaScript', () => {
    const { container } = renderJobPage({ source: 'built-in', state: 'ready', jobs: builtIn }, 'fx-1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Alpha Consultant');
    expect(screen.getByText(fixtureSalary)).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: en(($) => $.detail.applyNow, { ns: 'jobs' }) }).closest('form');
    expect(apply).toHaveAttribute('action', pageHref('application-process', 'en'));
    expect(apply).toHaveAttribute('method', 'get');
    expect(
      screen.getByRole('button', { name: en(($) => $.detail.back, { ns: 'jobs' }) }).closest('form'),
    ).toHaveAttribute('action', pageHref('jobs', 'en'));
    const scripts = container.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toMatchObject({ title: 'Alpha Consultant' });
    // No empty section for a list the job does not have.
    expect(
      screen.queryByRole('heading', { name: en(($) => $.detail.supportingResponsibilities, { ns: 'jobs' }) }),
    ).toBeNull();
  });

  it('leads a feed job to its form at Personio and marks a position the feed has only in German', () => {
    const german = fixtureFeedJob({ id: '21', title: 'Lagerist', lang: 'de' });
    renderJobPage({ source: 'personio', state: 'ready', jobs: [german] }, '21');
    expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'de');
    expect(screen.getByText(en(($) => $.detail.germanOnly, { ns: 'jobs' }))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en(($) => $.detail.applyNow, { ns: 'jobs' }) })).toHaveAttribute(
      'href',
      german.applyUrl,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Your tasks' }).closest('section')).toContainHTML(
      '<strong>tasks</strong>',
    );
  });

  it('asks for the subject line the application process page shows, the position named without its gender marker', () => {
    for (const lng of languageCodes) {
      const t = textsOf(lng);
      const job = fixtureJob({ id: 'fx-1', title: 'Test-Manager (m/w/d)' }, lng);
      const { unmount } = renderWithProviders(<JobsPage />, {
        lng,
        path: `${localizedPath('/jobs', lng)}?job=fx-1`,
        jobs: { source: 'built-in', state: 'ready', jobs: [job] },
      });
      const mail = document.querySelector<HTMLAnchorElement>('a[href^="mailto:"][href*="subject="]');
      const subject = new URL(mail?.href ?? 'mailto:x').searchParams.get('subject');
      expect(subject, lng).toBe(t(($) => $.detail.applicationSubject, { ns: 'jobs', title: 'Test-Manager' }));
      // The same three parts as the page's format: "Application – job title – full name".
      expect(subject?.split(' – ')).toHaveLength(
        t(($) => $.subject.format, { ns: 'application-process' }).split(' – ').length,
      );
      unmount();
    }
  });

  it('says on every job’s page, whichever way it is applied for, that nobody is asked about their pay history', () => {
    // EU Directive 2023/970, Art. 5(2): Personio's applicants never see the application process page.
    for (const lng of languageCodes) {
      const t = textsOf(lng);
      const path = `${localizedPath('/jobs', lng)}?job=`;
      for (const [board, id] of [
        [{ source: 'built-in', state: 'ready', jobs: [fixtureJob({ id: 'fx-1' }, lng)] }, 'fx-1'],
        [{ source: 'personio', state: 'ready', jobs: [fixtureFeedJob({ id: '11' }, lng)] }, '11'],
      ] as const) {
        const { unmount } = renderWithProviders(<JobsPage />, { lng, path: `${path}${id}`, jobs: board });
        expect(document.body, `${lng} ${board.source}`).toHaveTextContent(
          t(($) => $.detail.payHistory, { ns: 'jobs' }),
        );
        unmount();
      }
    }
  });

  it('says a closed position is filled, links to the open ones and carries no JobPosting', () => {
    const { container } = renderJobPage({ source: 'personio', state: 'ready', jobs: feed }, 'gone');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en(($) => $.filled.title, { ns: 'jobs' }));
    expect(screen.getByRole('link', { name: en(($) => $.filled.link, { ns: 'jobs' }) })).toHaveAttribute(
      'href',
      pageHref('jobs', 'en'),
    );
    expect(container.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});
