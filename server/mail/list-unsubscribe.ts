/** What a mail client posts to unsubscribe in one click (RFC 8058), and what the mail's List-Unsubscribe-Post says. */
export const oneClickField = { name: 'List-Unsubscribe', value: 'One-Click' } as const;
export const listUnsubscribePost = `${oneClickField.name}=${oneClickField.value}`;
