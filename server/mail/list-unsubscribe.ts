/** What a mail client posts to unsubscribe in one click (RFC 8058), and what the mail's List-Unsubscribe-Post says. */
export const oneClickField = { name: 'List-Unsubscribe', value: 'One-Click' } as const;
export const listUnsubscribePost = `${oneClickField.name}=${oneClickField.value}`;

/** A list mail's headers (RFC 2369, RFC 8058): where to unsubscribe, and that a mail client may post there itself, without a page visit. */
export const listUnsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': listUnsubscribePost,
});
