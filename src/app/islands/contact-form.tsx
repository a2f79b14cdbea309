export { ContactForm as default } from '../../features/contact/contact-form';
export const namespaces = ['contact-form'] as const;
