import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { JobTexts } from '../../content/jobs/jobs';
import { loadJobTexts } from '../../content/jobs/load-job-texts';
import { localizedPath, pageHref } from '../../../common/page-urls';
import { renderWithProviders } from '../../test/render';
import { JobBoard } from './job-board';
import { JobsStore } from './jobs-store';

const english = await loadJobTexts('en');

function readyStore() {
  const store = new JobsStore(async () => english);
  store.provide('en', english);
  return store;
}

const jobsPath = localizedPath('/jobs', 'en');
const renderBoard = (store: JobsStore, search = '') =>
  renderWithProviders(
    <JobBoard jobId={new URLSearchParams(search).get('job')} siteUrl="https://example.org" store={store} />,
    { lng: 'en', path: `${jobsPath}${search}` },
  );

describe('JobBoard', () => {
  it('filters by department and shows the empty state', async () => {
    const user = userEvent.setup();
    renderBoard(readyStore());
    const panel = screen.getByRole('tabpanel', { name: 'All' });
    expect(
      within(panel)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Business Strategist', 'HR Manager', 'IT Manager']);

    await user.click(screen.getByRole('tab', { name: 'Engineering' }));
    expect(screen.getByRole('tab', { name: 'Engineering' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'false');
    expect(
      within(screen.getByRole('tabpanel', { name: 'Engineering' })).getByRole('link', { name: 'IT Manager' }),
    ).toHaveAttribute('href', pageHref('jobs', 'en', { variant: { job: 'job-003' } }));

    await user.click(screen.getByRole('tab', { name: 'Procurement' }));
    const empty = screen.getByRole('tabpanel', { name: 'Procurement' });
    expect(within(empty).getByRole('heading', { name: 'No openings at the moment' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'contact form' })).toHaveAttribute(
      'href',
      pageHref('contact', 'en'),
    );
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderBoard(readyStore());
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Engineering' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Engineering' })).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Human Resources' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens a job from its card and returns with Back', async () => {
    const user = userEvent.setup();
    renderBoard(readyStore());
    await user.click(screen.getByRole('link', { name: 'HR Manager' }));

    expect(window.location.search).toBe('?job=job-002');
    const heading = screen.getByRole('heading', { level: 2, name: 'HR Manager' });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    // job-002 has no supporting responsibilities: no empty section for them.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Your responsibilities',
      'Your profile',
      'What we offer',
      'How to apply',
    ]);
    expect(screen.getByRole('link', { name: 'careers@westbridge.example' })).toHaveAttribute(
      'href',
      expect.stringContaining('subject=Application%20%E2%80%93%20HR%20Manager%20%E2%80%93%20full%20name'),
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    // Opened from the list, Back goes back in history; jsdom's history moves after a task.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(window.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'HR Manager' })).toHaveFocus();
  });

  it('leads to the application process with Apply now, and back to the list, as forms that work without JavaScript', () => {
    renderBoard(readyStore(), '?job=job-001');
    const apply = screen.getByRole('button', { name: 'Apply now' }).closest('form');
    expect(apply).toHaveAttribute('action', pageHref('application-process', 'en'));
    expect(apply).toHaveAttribute('method', 'get');
    expect(screen.getByRole('button', { name: 'Back' }).closest('form')).toHaveAttribute(
      'action',
      pageHref('jobs', 'en'),
    );
  });

  it('shows the list with a note for a job that is gone', async () => {
    renderBoard(readyStore(), '?job=job-404');
    expect(
      await screen.findByText('This position is no longer advertised. Here are all our open positions.'),
    ).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows loading, then the list', async () => {
    let resolve!: (texts: JobTexts) => void;
    const store = new JobsStore(() => new Promise((res) => (resolve = res)));
    renderBoard(store);
    expect(screen.getByRole('status')).toHaveTextContent('Loading job listings...');
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('status'));
    await act(async () => resolve(english));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows the error with a retry that loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    let fail = true;
    const store = new JobsStore(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return english;
    });
    renderBoard(store, '?job=job-003');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load job listings');
    expect(within(alert).getByText('Failed to load job listings')).toHaveClass('text-danger');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'IT Manager' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('carries the job’s JSON-LD in its detail only', () => {
    const { container } = renderBoard(readyStore(), '?job=job-001');
    const scripts = container.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toMatchObject({
      title: 'Business Strategist',
      url: `https://example.org${jobsPath}?job=job-001`,
    });
  });
});
