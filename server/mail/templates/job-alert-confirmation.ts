import type { Language } from '../../../common/languages';
import { retention } from '../../../common/retention';
import { mailTexts, type MailTexts } from '../mail-texts';
import type { OutgoingMail } from '../send-email';
import { confirmationMail, type ConfirmationWords } from './confirmation-mail';

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
  const words: ConfirmationWords = {
    subject: t(($) => $.jobAlertConfirmation.subject),
    greeting: t(($) => $.jobAlertConfirmation.greeting),
    intro: t(($) => $.jobAlertConfirmation.intro, { scope: alertScope(texts, language, departments) }),
    button: t(($) => $.jobAlertConfirmation.button),
    expiry: t(($) => $.jobAlertConfirmation.expiry, { period: texts.period(retention.confirmationLink) }),
    ignore: t(($) => $.jobAlertConfirmation.ignore, { period: texts.period(retention.unconfirmedSignUps) }),
    signature: t(($) => $.jobAlertConfirmation.signature),
  };
  return confirmationMail({
    from,
    to,
    language,
    siteUrl,
    confirmUrl,
    unsubscribe: { label: t(($) => $.footer.unsubscribeJobAlerts), url: unsubscribeUrl },
    texts,
    words,
  });
}
