import { mergeJobs, type Job, type JobTexts } from '../../content/jobs/jobs';
import { loadJobTexts } from '../../content/jobs/load-job-texts';

export type JobsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; jobs: readonly Job[] };

const loadingState: JobsState = { status: 'loading' };
const errorState: JobsState = { status: 'error' };

/**
 * The job listings per language, loaded on demand and kept for the visit.
 * States are immutable objects, so `useSyncExternalStore` can compare them.
 */
export class JobsStore {
  readonly #states = new Map<string, JobsState>();
  readonly #pending = new Map<string, Promise<void>>();
  readonly #listeners = new Set<() => void>();
  #version = 0;

  constructor(private readonly loadTexts: (lng: string) => Promise<JobTexts>) {}

  /** Data already at hand (the prerenderer has every language). */
  provide(lng: string, texts: JobTexts): void {
    this.#set(lng, { status: 'ready', jobs: mergeJobs(texts) });
  }

  /** A language not asked for yet counts as loading: `load` starts it at once. */
  state(lng: string): JobsState {
    return this.#states.get(lng) ?? loadingState;
  }

  /** Loads a language once; a failure stays until `retry`. Never rejects in the browser. */
  load(lng: string): Promise<void> {
    const pending = this.#pending.get(lng);
    if (pending) return pending;
    if (this.#states.has(lng)) return Promise.resolve();
    return this.#fetch(lng);
  }

  retry(lng: string): Promise<void> {
    if (this.#states.get(lng)?.status === 'error') this.#states.delete(lng);
    return this.load(lng);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Changes whenever any language's state does. */
  version = (): number => this.#version;

  #fetch(lng: string): Promise<void> {
    this.#set(lng, loadingState);
    const promise = this.loadTexts(lng)
      .then(
        (texts) => this.provide(lng, texts),
        (error: unknown) => {
          // A prerendered page must never carry the error state: fail the build instead.
          if (import.meta.env.SSR) throw error;
          console.error('Failed to load job listings', error);
          this.#set(lng, errorState);
        },
      )
      .finally(() => this.#pending.delete(lng));
    this.#pending.set(lng, promise);
    return promise;
  }

  #set(lng: string, state: JobsState): void {
    this.#states.set(lng, state);
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }
}

/** The site's one store; components take another in tests. */
export const jobsStore = new JobsStore(loadJobTexts);
