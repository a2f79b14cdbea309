/**
 * What the company offers its staff and promises applicants (docs/product.md#jobs, docs/product.md#applications): the careers page, the
 * job ads and the application process page state these values, never numbers of their own.
 */
export const employment = {
  /** Paid leave a year on a five-day week. */
  leaveDays: 25,
  /** Further days a year for personal development. */
  developmentDays: 2,
  /** Mobile work: up to this share of the working time, in per cent. */
  mobileWorkPercent: 20,
  /** The receipt of an application is confirmed within this many business days. */
  receiptConfirmationDays: { min: 3, max: 5 },
  /** The introductory call takes this many minutes. */
  introCallMinutes: { min: 15, max: 30 },
} as const;
