import { company } from '../../../common/company';
import type { Language } from '../../../common/languages';
import { listUnsubscribePost } from '../../newsletter/one-click';
import { escapeHtml, htmlMail } from '../html';
import type { OutgoingMail } from '../send-email';

interface ConfirmationTexts {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  expiry: string;
  ignore: string;
  unsubscribe: string;
  /** Between a label and its value in the plain-text part. */
  labelSeparator: string;
  signature: string;
}

/** The confirmation mail's words: a request to confirm, nothing else (no advertising). */
const texts: Record<Language, ConfirmationTexts> = {
  de: {
    subject: `Bitte bestätigen Sie Ihre Anmeldung zum ${company.shortName}-Newsletter`,
    greeting: 'Guten Tag,',
    intro: `Sie haben sich auf unserer Website mit dieser E-Mail-Adresse für den Newsletter von ${company.name} angemeldet. Bitte bestätigen Sie Ihre Anmeldung:`,
    button: 'Anmeldung bestätigen',
    expiry: 'Der Link ist 7 Tage gültig.',
    ignore:
      'Falls Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail einfach: Ohne Ihre Bestätigung erhalten Sie keinen Newsletter, und Ihre Adresse wird nach 30 Tagen gelöscht.',
    unsubscribe: 'Abmelden',
    labelSeparator: ': ',
    signature: `Mit freundlichen Grüßen\n${company.name}`,
  },
  en: {
    subject: `Please confirm your subscription to the ${company.shortName} newsletter`,
    greeting: 'Hello,',
    intro: `You signed up for the newsletter of ${company.name} on our website with this email address. Please confirm your subscription:`,
    button: 'Confirm subscription',
    expiry: 'The link is valid for 7 days.',
    ignore:
      'If you did not sign up, simply ignore this email: without your confirmation you will not receive any newsletter, and your address will be deleted after 30 days.',
    unsubscribe: 'Unsubscribe',
    labelSeparator: ': ',
    signature: `Kind regards\n${company.name}`,
  },
  fr: {
    subject: `Veuillez confirmer votre inscription à la newsletter ${company.shortName}`,
    greeting: 'Bonjour,',
    intro: `Vous vous êtes inscrit(e) sur notre site à la newsletter de ${company.name} avec cette adresse électronique. Veuillez confirmer votre inscription\u00a0:`,
    button: 'Confirmer l’inscription',
    expiry: 'Le lien est valable 7 jours.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet e-mail\u00a0: sans votre confirmation, vous ne recevrez aucune newsletter et votre adresse sera supprimée au bout de 30 jours.',
    unsubscribe: 'Se désabonner',
    // French puts a no-break space before a colon.
    labelSeparator: '\u00a0: ',
    signature: `Cordialement,\n${company.name}`,
  },
};

export function newsletterConfirmation({
  from,
  to,
  language,
  confirmUrl,
  unsubscribeUrl,
}: {
  from: string;
  to: string;
  language: Language;
  confirmUrl: string;
  unsubscribeUrl: string;
}): Omit<OutgoingMail, 'messageId'> {
  const t = texts[language];
  const text = [
    t.greeting,
    '',
    t.intro,
    confirmUrl,
    '',
    t.expiry,
    '',
    t.ignore,
    '',
    t.signature,
    '',
    '—',
    `${t.unsubscribe}${t.labelSeparator}${unsubscribeUrl}`,
  ].join('\n');
  const paragraphs = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');
  const html = htmlMail({
    lang: language,
    title: t.subject,
    body: `<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(t.button)}</a></p>
<p style="font-size:14px;color:#57534e">${escapeHtml(t.expiry)}<br><a href="${escapeHtml(confirmUrl)}" style="color:#0b6e4f;word-break:break-all">${escapeHtml(confirmUrl)}</a></p>
<p>${escapeHtml(t.ignore)}</p>
<p>${paragraphs(t.signature)}</p>
<p style="margin-top:24px;font-size:13px;color:#57534e"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#57534e">${escapeHtml(t.unsubscribe)}</a></p>`,
  });
  // RFC 8058: a mail client may unsubscribe by posting to that address itself, without a page visit.
  const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': listUnsubscribePost };
  return { from, to, subject: t.subject, text, html, headers };
}
