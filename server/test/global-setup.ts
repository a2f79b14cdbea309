import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/** With TEST_DATABASE=postgres, starts one PostgreSQL for the whole server test run. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('postgresUrl', null);
    return;
  }
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('postgresUrl', process.env.TEST_POSTGRES_URL);
    return;
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
