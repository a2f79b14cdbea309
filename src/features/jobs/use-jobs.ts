import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobsState, JobsStore } from './jobs-store';

/**
 * The job listings in the current language. The /jobs route loads them with
 * the page, so the first render (and hydration) has them; after a language
 * switch the new language's listings load here, showing the loading state.
 */
export function useJobs(store: JobsStore): { state: JobsState; retry: () => void } {
  const { i18n } = useTranslation('jobs');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const getState = () => store.state(lng);
  const state = useSyncExternalStore(store.subscribe, getState, getState);

  useEffect(() => {
    void store.load(lng);
  }, [store, lng]);

  const retry = useCallback(() => void store.retry(lng), [store, lng]);
  return { state, retry };
}
