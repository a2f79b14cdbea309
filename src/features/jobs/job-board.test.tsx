import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../common/api-paths';
import { jobAlertsForm } from '../../../common/forms/job-alerts-form';
import { departments, formatSalaryAmounts, type Job, type JobsBoard } from '../../../common/jobs';
import { localizedPath, pageHref } from '../../../common/page-urls';
import { cardsOf, fixtureFeedJob, fixtureJob } from '../../test/job-fixtures';
import { renderWithProviders, textsOf } from '../../test/render';
import { jobAlertsFieldNames } from './job-alerts-form';
import { JobBoard } from './job-board';

const en = textsOf('en');
const jobsPath = localizedPath('/jobs', 'en');
const fixtureSalary = en(($) => $.salary.range.YEAR, {
  ns: 'jobs',
  range: formatSalaryAmounts({ min: 52_000, max: 64_000, currency: 'EUR', unit: 'YEAR' }, 'en').range,
});

const builtIn: Job[] = [
  fixtureJob({ id: 'fx-1', title: 'Alpha Consultant', department: 'consulting' }),
  fixtureJob({ id: 'fx-2', title: 'Beta Engineer', department: 'engineering', salary: null }),
];
const feed: Job[] = [
  fixtureFeedJob({ id: '11', title: 'Gamma Clerk', department: 'Warehouse' }),
  fixtureFeedJob({ id: '12', title: 'Delta Buyer', department: 'Buying' }),
  fixtureFeedJob({ id: '13', title: 'Epsilon Buyer', department: 'Buying' }),
];

const renderBoard = (board: JobsBoard) =>
  renderWithProviders(<JobBoard source={board.source} state={board.state} jobs={cardsOf(board.jobs, 'en')} />, {
    lng: 'en',
    path: jobsPath,
  });

const panelTitles = (name: string) =>
  within(screen.getByRole('tabpanel', { name }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('JobBoard', () => {
  it('filters the built-in jobs by the product’s departments and shows the empty state', async () => {
    const user = userEvent.setup();
    renderBoard({ source: 'built-in', state: 'ready', jobs: builtIn });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      en(($) => $.departments.all, { ns: 'jobs' }),
      en(($) => $.departments.humanResources, { ns: 'jobs' }),
      en(($) => $.departments.consulting, { ns: 'jobs' }),
      en(($) => $.departments.operations, { ns: 'jobs' }),
      en(($) => $.departments.procurement, { ns: 'jobs' }),
      en(($) => $.departments.engineering, { ns: 'jobs' }),
    ]);
    const all = en(($) => $.departments.all, { ns: 'jobs' });
    expect(panelTitles(all)).toEqual(['Alpha Consultant', 'Beta Engineer']);

    const engineering = en(($) => $.departments.engineering, { ns: 'jobs' });
    await user.click(screen.getByRole('tab', { name: engineering }));
    expect(screen.getByRole('tab', { name: engineering })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(screen.getByRole('tabpanel', { name: engineering })).getByRole('link', { name: 'Beta Engineer' }),
    ).toHaveAttribute('href', pageHref('jobs', 'en', { variant: { job: 'fx-2' } }));

    const procurement = en(($) => $.departments.procurement, { ns: 'jobs' });
    await user.click(screen.getByRole('tab', { name: procurement }));
    const empty = screen.getByRole('tabpanel', { name: procurement });
    expect(within(empty).getByRole('heading', { name: en(($) => $.empty.title, { ns: 'jobs' }) })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderBoard({ source: 'built-in', state: 'ready', jobs: builtIn });
    const tabs = screen.getAllByRole('tab');
    await user.click(tabs[0] as HTMLElement);
    await user.keyboard('{ArrowLeft}');
    expect(tabs.at(-1)).toHaveFocus();
    expect(tabs.at(-1)).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
  });

  it('names a feed’s departments in the feed’s words, plus All, and shows each card’s pay', async () => {
    const user = userEvent.setup();
    renderBoard({ source: 'personio', state: 'ready', jobs: feed });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      en(($) => $.departments.all, { ns: 'jobs' }),
      'Buying',
      'Warehouse',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Buying' }));
    expect(panelTitles('Buying')).toEqual(['Delta Buyer', 'Epsilon Buyer']);
    expect(screen.getByText(en(($) => $.count, { ns: 'jobs', count: 2 }))).toBeInTheDocument();
    expect(screen.getAllByText(fixtureSalary)).toHaveLength(2);
  });

  it('works with one job and with 200', () => {
    const { unmount } = renderBoard({ source: 'personio', state: 'ready', jobs: feed.slice(0, 1) });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText(en(($) => $.count, { ns: 'jobs', count: 1 }))).toBeInTheDocument();
    unmount();
    const many = Array.from({ length: 200 }, (_, index) =>
      fixtureFeedJob({ id: String(2000 + index), title: `Position ${index}`, department: `Team ${index % 7}` }),
    );
    const { container } = renderBoard({ source: 'personio', state: 'ready', jobs: many });
    expect(container.querySelectorAll('article')).toHaveLength(200);
    expect(container.querySelectorAll('[role="tab"]')).toHaveLength(8);
    expect(screen.getByText(en(($) => $.count, { ns: 'jobs', count: 200 }))).toBeInTheDocument();
  }, 30_000);

  it('shows no openings for an empty feed, without tabs', () => {
    renderBoard({ source: 'personio', state: 'ready', jobs: [] });
    expect(screen.getByRole('heading', { name: en(($) => $.empty.title, { ns: 'jobs' }) })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows loading while the feed is first read, and the error when it never was, never other jobs', () => {
    const { unmount } = renderBoard({ source: 'personio', state: 'loading', jobs: [] });
    // The first status is the list's; the job alerts' sign-up below has its own.
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(en(($) => $.status.loading, { ns: 'jobs' }));
    unmount();
    renderBoard({ source: 'personio', state: 'error', jobs: [] });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(en(($) => $.status.error, { ns: 'jobs' }))).toHaveClass('text-danger');
    expect(within(alert).getByRole('link', { name: en(($) => $.status.retry, { ns: 'jobs' }) })).toHaveAttribute(
      'href',
      pageHref('jobs', 'en'),
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('the job alerts’ sign-up', () => {
  it('offers the product’s departments and every one the feed has named, also where no position is open', () => {
    renderWithProviders(
      <JobBoard source="personio" state="ready" jobs={[]} feedDepartments={[{ key: 'lager', name: 'Warehouse' }]} />,
      { lng: 'en', path: jobsPath },
    );
    expect(screen.getByText(en(($) => $.empty.title, { ns: 'jobs' }))).toBeInTheDocument();
    const region = screen.getByRole('region', { name: en(($) => $.title, { ns: 'job-alerts' }) });
    const form = region.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', apiPaths.jobAlerts);
    expect(
      within(region).getByRole('textbox', { name: en(($) => $.fields.email, { ns: 'job-alerts' }) }),
    ).toHaveAttribute('type', 'email');
    const group = within(region).getByRole('group', { name: en(($) => $.fields.departments, { ns: 'job-alerts' }) });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => [box.getAttribute('value'), box.getAttribute('name')]),
    ).toEqual([...departments, 'lager'].map((key) => [key, jobAlertsFieldNames.departments]));
    expect(within(group).getByRole('checkbox', { name: 'Warehouse' })).not.toBeChecked();
    expect(
      within(group).getByRole('checkbox', { name: en(($) => $.departments.procurement, { ns: 'jobs' }) }),
    ).toBeInTheDocument();
  });

  it('posts the fields the shared description names, and says what to do next', async () => {
    expect(Object.values(jobAlertsFieldNames).sort()).toEqual([...jobAlertsForm.names].sort());
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = async (_url, init) => {
      posted.push(JSON.parse(String(init?.body)));
      return new Response('{"success":true}', { status: 200 });
    };
    try {
      renderBoard({ source: 'built-in', state: 'ready', jobs: builtIn });
      const region = screen.getByRole('region', { name: en(($) => $.title, { ns: 'job-alerts' }) });
      await user.type(within(region).getByRole('textbox'), 'ama@example.org');
      await user.click(
        within(region).getByRole('checkbox', { name: en(($) => $.departments.engineering, { ns: 'jobs' }) }),
      );
      await user.click(within(region).getByRole('button', { name: en(($) => $.submit, { ns: 'job-alerts' }) }));
      expect(await within(region).findByText(en(($) => $.pending, { ns: 'job-alerts' }))).toHaveClass('text-success');
      expect(posted).toEqual([{ email: 'ama@example.org', departments: ['engineering'], language: 'en' }]);
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });
});
