import type { Language } from '../../../common/languages';
import { retention } from '../../../common/retention';
import { mailTexts } from '../mail-texts';
import type { OutgoingMail } from '../send-email';
import { confirmationMail, type ConfirmationWords } from './confirmation-mail';

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
  const words: ConfirmationWords = {
    subject: t(($) => $.newsletterConfirmation.subject),
    greeting: t(($) => $.newsletterConfirmation.greeting),
    intro: t(($) => $.newsletterConfirmation.intro),
    button: t(($) => $.newsletterConfirmation.button),
    expiry: t(($) => $.newsletterConfirmation.expiry, { period: texts.period(retention.confirmationLink) }),
    ignore: t(($) => $.newsletterConfirmation.ignore, { period: texts.period(retention.unconfirmedSignUps) }),
    signature: t(($) => $.newsletterConfirmation.signature),
  };
  return confirmationMail({
    from,
    to,
    language,
    siteUrl,
    confirmUrl,
    unsubscribe: { label: t(($) => $.footer.unsubscribe), url: unsubscribeUrl },
    texts,
    words,
  });
}
