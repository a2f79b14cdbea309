import { domainToUnicode } from 'node:url';
import { company } from '../../../common/company';
import type { ContactMessage } from '../../../common/forms/contact-form';
import { languages, type Language } from '../../../common/languages';
import { escapeHtml, htmlMail } from '../html';
import { mailTexts } from '../mail-texts';
import type { OutgoingMail } from '../send-email';

const languageName = (lng: Language) => languages.find((language) => language.code === lng)?.name ?? lng;

/**
 * The visitor's address as shown in the mail. It arrives in its one spelling,
 * with the domain in ASCII; an internationalised domain is shown as it reads
 * with that punycode form beside it, so a look-alike such as a Cyrillic "е" in
 * "wеstbridge.example" shows as the foreign domain it is.
 */
export function displayAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  if (!/(?:^|\.)xn--/.test(domain)) return address;
  return `${address.slice(0, at)}@${domainToUnicode(domain)} (${address})`;
}

/**
 * The company's copy of a contact message, in the company's working language
 * (company.workingLanguage), whatever language the visitor wrote in. Every
 * visitor value is escaped in the HTML part; the text part keeps the message's
 * line breaks. Reply-To is the visitor's address alone: a name there could
 * pass for another sender (`IT-Support <it@…>`), so the name appears only in
 * the body and subject.
 */
export function contactNotification(
  message: ContactMessage,
  { from, to, language, receivedAt }: { from: string; to: string; language: Language; receivedAt: Date },
): Omit<OutgoingMail, 'messageId'> {
  const lng = company.workingLanguage;
  const { t } = mailTexts(lng);
  const subject = t(($) => $.contactNotification.subject, {
    subject: message.subject || t(($) => $.contactNotification.noSubject),
    name: message.name,
  });
  const received = receivedAt.toLocaleString(lng, { timeZone: 'Europe/Berlin', dateStyle: 'long', timeStyle: 'short' });
  const fields: [string, string][] = [
    [t(($) => $.contactNotification.fields.name), message.name],
    [t(($) => $.contactNotification.fields.email), displayAddress(message.email)],
    [t(($) => $.contactNotification.fields.subject), message.subject || '—'],
    [t(($) => $.contactNotification.fields.language), languageName(language)],
    [t(($) => $.contactNotification.fields.received), `${received} (Europe/Berlin)`],
  ];
  const reply = t(($) => $.contactNotification.reply);
  const text = [
    t(($) => $.contactNotification.intro),
    '',
    ...fields.map(([label, value]) => t(($) => $.labelled, { label, value })),
    '',
    t(($) => $.labelled, { label: t(($) => $.contactNotification.message), value: '' }).trimEnd(),
    message.message,
    '',
    '—',
    reply,
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;color:#57534e;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = htmlMail({
    lang: lng,
    title: subject,
    body: `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(t(($) => $.contactNotification.heading))}</h1>
<table role="presentation" style="border-collapse:collapse;margin-bottom:16px">${rows}</table>
<h2 style="font-size:16px;margin:0 0 8px">${escapeHtml(t(($) => $.contactNotification.message))}</h2>
<div style="white-space:pre-wrap;border-left:3px solid #0b6e4f;padding-left:12px">${escapeHtml(message.message)}</div>
<p style="margin-top:24px;color:#57534e;font-size:14px">${escapeHtml(reply)}</p>`,
  });
  return { from, to, replyTo: message.email, subject, text, html };
}
