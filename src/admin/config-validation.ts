/**
 * Stands in for decap-cms-core's `validateConfig` in the editor's build (vite.admin.config.ts):
 * Decap checks its configuration with Ajv, which compiles each schema into a function at run time,
 * and that would need 'unsafe-eval' in /admin/'s Content-Security-Policy. The configuration is
 * made by cms-config.ts, never written by hand, and decap-config.test.ts runs Decap's own
 * validateConfig on it: a configuration Decap would refuse fails that test, not the editor.
 */
export function validateConfig(): void {}
