export { NewsletterTokenAction as default } from '../../features/newsletter/newsletter-token-action';
export const namespaces = ['newsletter'] as const;
