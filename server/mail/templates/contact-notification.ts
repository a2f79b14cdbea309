import { domainToUnicode } from 'node:url';
import { company } from '../../../common/company';
import { contactForm, type ContactMessage } from '../../../common/forms/contact-form';
import { findLanguage, type Language } from '../../../common/languages';
import { escapeHtml, htmlMail } from '../html';
import { mailTexts } from '../mail-texts';
import type { OutgoingMail } from '../send-email';

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

/** The fields the form keeps, as the mail shows them: one line each in the table, a text of several lines below it. */
const keptFields = contactForm.fields.filter((field) => field.kept);
const rowFields = keptFields.filter((field) => field.control?.type !== 'textarea');
const textFields = keptFields.filter((field) => field.control?.type === 'textarea');

const shown = (message: ContactMessage, name: string) => {
  const value = message[name as keyof ContactMessage] ?? '';
  if (value === '') return '—';
  return name === 'email' ? displayAddress(value) : value;
};

const row = (label: string, value: string) =>
  `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;color:#57534e;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;

/**
 * The company's copy of a contact message, in the company's working language
 * (company.workingLanguage), whatever language the visitor wrote in: every field the form
 * keeps, labelled as the form labels it. Every visitor value is escaped in the HTML part;
 * the text part keeps the message's line breaks. Reply-To is the visitor's address alone:
 * a name there could pass for another sender (`IT-Support <it@…>`), so the name appears
 * only in the body and subject.
 */
export function contactNotification(
  message: ContactMessage,
  { from, to, language, receivedAt }: { from: string; to: string; language: Language; receivedAt: Date },
): Omit<OutgoingMail, 'messageId'> {
  const lng = company.workingLanguage;
  const { t, form } = mailTexts(lng);
  const label = (name: string) => form(($) => $.fields[name as keyof typeof $.fields]);
  const subject = t(($) => $.contactNotification.subject, {
    subject: message.subject || t(($) => $.contactNotification.noSubject),
    name: message.name,
  });
  const received = receivedAt.toLocaleString(lng, { timeZone: 'Europe/Berlin', dateStyle: 'long', timeStyle: 'short' });
  const fields: [string, string][] = [
    ...rowFields.map((field): [string, string] => [label(field.name), shown(message, field.name)]),
    [t(($) => $.contactNotification.language), findLanguage(language).name],
    [t(($) => $.contactNotification.received), `${received} (Europe/Berlin)`],
  ];
  const texts = textFields.map((field) => ({ label: label(field.name), text: shown(message, field.name) }));
  const reply = t(($) => $.contactNotification.reply);
  const text = [
    t(($) => $.contactNotification.intro),
    '',
    ...fields.map(([label, value]) => t(($) => $.labelled, { label, value })),
    ...texts.flatMap(({ label, text }) => ['', t(($) => $.labelled, { label, value: '' }).trimEnd(), text]),
    '',
    '—',
    reply,
  ].join('\n');
  const html = htmlMail({
    lang: lng,
    title: subject,
    body: `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(t(($) => $.contactNotification.heading))}</h1>
<table role="presentation" style="border-collapse:collapse;margin-bottom:16px">${fields.map(([label, value]) => row(label, value)).join('')}</table>
${texts
  .map(
    ({ label, text }) => `<h2 style="font-size:16px;margin:0 0 8px">${escapeHtml(label)}</h2>
<div style="white-space:pre-wrap;border-left:3px solid #0b6e4f;padding-left:12px">${escapeHtml(text)}</div>`,
  )
  .join('\n')}
<p style="margin-top:24px;color:#57534e;font-size:14px">${escapeHtml(reply)}</p>`,
  });
  return { from, to, replyTo: message.email, subject, text, html };
}
