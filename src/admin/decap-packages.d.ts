// Decap's backend and widget packages ship without types: what src/admin/ uses of them.
/* eslint-disable @typescript-eslint/consistent-type-imports */
type DecapBackendClass = import('./locale-files').BackendClass;
type DecapWidgetFactory = { Widget: () => import('decap-cms-core').CmsWidgetParam };

declare module 'decap-cms-backend-github' {
  export const GitHubBackend: DecapBackendClass;
}
declare module 'decap-cms-backend-gitlab' {
  export const GitLabBackend: DecapBackendClass;
}
declare module 'decap-cms-backend-forgejo' {
  export const ForgejoBackend: DecapBackendClass;
}
declare module 'decap-cms-backend-proxy' {
  export const ProxyBackend: DecapBackendClass;
}
declare module 'decap-cms-widget-string' {
  const widget: DecapWidgetFactory;
  export default widget;
}
declare module 'decap-cms-widget-text' {
  const widget: DecapWidgetFactory;
  export default widget;
}
declare module 'decap-cms-widget-list' {
  const widget: DecapWidgetFactory;
  export default widget;
}
declare module 'decap-cms-widget-object' {
  const widget: DecapWidgetFactory;
  export default widget;
}
declare module 'decap-cms-widget-image' {
  const widget: DecapWidgetFactory;
  export default widget;
}
declare module 'decap-cms-widget-select' {
  const widget: DecapWidgetFactory;
  export default widget;
}
declare module 'decap-cms-widget-number' {
  const widget: DecapWidgetFactory;
  export default widget;
}
declare module 'decap-cms-widget-datetime' {
  const widget: DecapWidgetFactory;
  export default widget;
}
declare module 'decap-cms-locales/dist/esm/de/index.js' {
  const phrases: { [key: string]: unknown };
  export default phrases;
}
declare module 'decap-cms-locales/dist/esm/en/index.js' {
  const phrases: { [key: string]: unknown };
  export default phrases;
}
declare module 'decap-cms-core/dist/esm/constants/configSchema' {
  /** Throws Decap's ConfigError, naming what is wrong, for a configuration it refuses. */
  export function validateConfig(config: object): void;
}
