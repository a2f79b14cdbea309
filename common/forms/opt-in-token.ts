import * as z from 'zod/mini';

/** A token from a double opt-in mail's link (the newsletter's, the job alerts'): 43 base64url characters (256 random bits). */
export const optInTokenSchema = z.strictObject({
  token: z.string({ error: 'invalidToken' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'invalidToken')),
});
