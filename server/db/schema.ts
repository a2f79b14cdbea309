/**
 * The database schema as Kysely sees it. Each feature adds its tables here and
 * a migration under ./migrations.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- tables arrive with their features
export interface DatabaseSchema {}
