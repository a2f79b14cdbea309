import type { Language } from '../../../common/languages';
import { retention } from '../../../common/retention';
import { listUnsubscribePost } from '../list-unsubscribe';
import { escapeHtml, htmlMail } from '../html';
import { mailTexts } from '../mail-texts';
import type { OutgoingMail } from '../send-email';
import { visitorMailFooter } from './visitor-mail';

/** The confirmation mail: a request to confirm, nothing else (no advertising), in the visitor's language. */
export function newsletterConfirmation({
  from,
  to,
  language,
  siteUrl,
  confirmUrl,
  unsubscribeUrl,
}: {
  from: string;
  to: string;
  language: Language;
  siteUrl: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}): Omit<OutgoingMail, 'messageId'> {
  const texts = mailTexts(language);
  const { t } = texts;
  const words = {
    subject: t(($) => $.newsletterConfirmation.subject),
    greeting: t(($) => $.newsletterConfirmation.greeting),
    intro: t(($) => $.newsletterConfirmation.intro),
    button: t(($) => $.newsletterConfirmation.button),
    expiry: t(($) => $.newsletterConfirmation.expiry, { period: texts.period(retention.confirmationLink) }),
    ignore: t(($) => $.newsletterConfirmation.ignore, { period: texts.period(retention.unconfirmedSignUps) }),
    signature: t(($) => $.newsletterConfirmation.signature),
  };
  const footer = visitorMailFooter(texts, {
    siteUrl,
    language,
    links: [{ label: t(($) => $.footer.unsubscribe), url: unsubscribeUrl }],
  });
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
  const paragraphs = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');
  const html = htmlMail({
    lang: language,
    title: words.subject,
    body: `<p>${escapeHtml(words.greeting)}</p>
<p>${escapeHtml(words.intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(words.button)}</a></p>
<p style="font-size:14px;color:#57534e">${escapeHtml(words.expiry)}<br><a href="${escapeHtml(confirmUrl)}" style="color:#0b6e4f;word-break:break-all">${escapeHtml(confirmUrl)}</a></p>
<p>${escapeHtml(words.ignore)}</p>
<p>${paragraphs(words.signature)}</p>
${footer.html}`,
  });
  // RFC 8058: a mail client may unsubscribe by posting to that address itself, without a page visit.
  const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': listUnsubscribePost };
  return { from, to, subject: words.subject, text, html, headers };
}
