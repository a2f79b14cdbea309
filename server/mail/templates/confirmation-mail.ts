import type { Language } from '../../../common/languages';
import { escapeHtml, htmlMail } from '../html';
import { listUnsubscribeHeaders } from '../list-unsubscribe';
import type { MailTexts } from '../mail-texts';
import type { OutgoingMail } from '../send-email';
import { visitorMailFooter } from './visitor-mail';

/** A double opt-in mail's words, in the visitor's language: each list says its own. */
export interface ConfirmationWords {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  expiry: string;
  ignore: string;
  signature: string;
}

/**
 * The mail that asks a visitor to confirm a sign-up (the newsletter's, the job alerts'): a
 * request to confirm, nothing else, with the link as a button and written out, the footer with
 * the list's unsubscribe link, and RFC 8058 one-click headers.
 */
export function confirmationMail({
  from,
  to,
  language,
  siteUrl,
  confirmUrl,
  unsubscribe,
  texts,
  words,
}: {
  from: string;
  to: string;
  language: Language;
  siteUrl: string;
  confirmUrl: string;
  unsubscribe: { label: string; url: string };
  texts: MailTexts;
  words: ConfirmationWords;
}): Omit<OutgoingMail, 'messageId'> {
  const footer = visitorMailFooter(texts, { siteUrl, language, links: [unsubscribe] });
  const text = [
    words.greeting,
    '',
    words.intro,
    confirmUrl,
    '',
    words.expiry,
    '',
    words.ignore,
    '',
    words.signature,
    '',
    footer.text,
  ].join('\n');
  const html = htmlMail({
    lang: language,
    title: words.subject,
    body: `<p>${escapeHtml(words.greeting)}</p>
<p>${escapeHtml(words.intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(words.button)}</a></p>
<p style="font-size:14px;color:#57534e">${escapeHtml(words.expiry)}<br><a href="${escapeHtml(confirmUrl)}" style="color:#0b6e4f;word-break:break-all">${escapeHtml(confirmUrl)}</a></p>
<p>${escapeHtml(words.ignore)}</p>
<p>${escapeHtml(words.signature).replace(/\n/g, '<br>')}</p>
${footer.html}`,
  });
  return { from, to, subject: words.subject, text, html, headers: listUnsubscribeHeaders(unsubscribe.url) };
}
