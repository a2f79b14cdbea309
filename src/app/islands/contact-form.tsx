export { ContactForm as default } from '../../features/contact/contact-form';
// consent: the privacy notice states the retention period in the registry's words.
export const namespaces = ['contact-form', 'consent'] as const;
