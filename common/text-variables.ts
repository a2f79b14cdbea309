import { company } from './company.ts';
import { employment } from './employment.ts';

/** Facts every text may interpolate by name (`{{company.email}}`, `{{employment.leaveDays}}`): pages and mails alike. */
export const textVariables = { company, employment } as const;
