/** The API that keeps a record of each cookie choice (Art. 7(1) GDPR); see common/consent-record.ts. */
export const consentRecordPath = '/api/consent';
