export { CookieBanner as default } from '../../features/consent/cookie-banner';
export const namespaces = ['consent'] as const;
