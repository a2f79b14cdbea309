import { describe, expect, it, vi } from 'vitest';
import type { JobTexts } from '../../content/jobs/jobs';
import { loadJobTexts } from '../../content/jobs/load-job-texts';
import { JobsStore } from './jobs-store';

const english = await loadJobTexts('en');

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('JobsStore', () => {
  it('loads a language once and tells its subscribers', async () => {
    const load = vi.fn(async (_lng: string): Promise<JobTexts> => english);
    const store = new JobsStore(load);
    const listener = vi.fn();
    store.subscribe(listener);

    expect(store.state('en')).toEqual({ status: 'loading' });
    await Promise.all([store.load('en'), store.load('en')]);
    await store.load('en');

    expect(load).toHaveBeenCalledTimes(1);
    const state = store.state('en');
    expect(state.status === 'ready' && state.jobs.map((job) => job.title)).toEqual([
      'Business Strategist',
      'HR Manager',
      'IT Manager',
    ]);
    expect(store.state('en')).toBe(state);
    expect(listener).toHaveBeenCalled();
  });

  it('keeps a failure until retried, then loads again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = deferred<JobTexts>();
    const second = deferred<JobTexts>();
    let calls = 0;
    const store = new JobsStore(() => (++calls === 1 ? first : second).promise);

    const loading = store.load('fr');
    first.reject(new TypeError('Failed to fetch dynamically imported module'));
    await loading;
    expect(store.state('fr')).toEqual({ status: 'error' });
    expect(consoleError).toHaveBeenCalledWith('Failed to load job listings', expect.any(TypeError));

    await store.load('fr');
    expect(calls).toBe(1);

    const retry = store.retry('fr');
    expect(store.state('fr')).toEqual({ status: 'loading' });
    second.resolve(english);
    await retry;
    expect(store.state('fr').status).toBe('ready');
    consoleError.mockRestore();
  });

  it('keeps languages apart', async () => {
    const store = new JobsStore(async () => english);
    store.provide('de', await loadJobTexts('de'));
    expect(store.state('de').status).toBe('ready');
    expect(store.state('en').status).toBe('loading');
  });
});
