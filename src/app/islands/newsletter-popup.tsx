export { NewsletterPopup as default } from '../../features/newsletter/newsletter-popup';
export const namespaces = ['newsletter'] as const;
