import type { Language } from '../../../common/languages';
import { retention } from '../../../common/retention';
import { escapeHtml, htmlMail } from '../html';
import { listUnsubscribePost } from '../list-unsubscribe';
import { mailTexts, type MailTexts } from '../mail-texts';
import type { OutgoingMail } from '../send-email';
import { visitorMailFooter } from './visitor-mail';

/** What an alert is for, in a mail's words: every department, or those named (in the mail's language). */
export function alertScope({ t }: MailTexts, language: Language, departments: readonly string[]): string {
  if (departments.length === 0) return t(($) => $.jobAlertScope.all);
  const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(departments);
  return departments.length === 1 ? t(($) => $.jobAlertScope.one, { list }) : t(($) => $.jobAlertScope.other, { list });
}

/** The job alerts' confirmation mail: a request to confirm, naming what the alerts are for, in the visitor's language. */
export function jobAlertConfirmation({
  from,
  to,
  language,
  siteUrl,
  confirmUrl,
  unsubscribeUrl,
  departments,
}: {
  from: string;
  to: string;
  language: Language;
  siteUrl: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  /** The chosen departments' names in the mail's language; none: every department. */
  departments: readonly string[];
}): Omit<OutgoingMail, 'messageId'> {
  const texts = mailTexts(language);
  const { t } = texts;
  const words = {
    subject: t(($) => $.jobAlertConfirmation.subject),
    greeting: t(($) => $.jobAlertConfirmation.greeting),
    intro: t(($) => $.jobAlertConfirmation.intro, { scope: alertScope(texts, language, departments) }),
    button: t(($) => $.jobAlertConfirmation.button),
    expiry: t(($) => $.jobAlertConfirmation.expiry, { period: texts.period(retention.confirmationLink) }),
    ignore: t(($) => $.jobAlertConfirmation.ignore, { period: texts.period(retention.unconfirmedSignUps) }),
    signature: t(($) => $.jobAlertConfirmation.signature),
  };
  const footer = visitorMailFooter(texts, {
    siteUrl,
    language,
    links: [{ label: t(($) => $.footer.unsubscribeJobAlerts), url: unsubscribeUrl }],
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
  // RFC 8058: a mail client may unsubscribe by posting to that address itself, without a page visit.
  const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': listUnsubscribePost };
  return { from, to, subject: words.subject, text, html, headers };
}
