import { formatSalaryAmounts, type SalaryRange } from '../../../common/jobs';
import type { Language } from '../../../common/languages';
import { pluralForm } from '../../../common/retention';
import { escapeHtml, htmlMail } from '../html';
import { listUnsubscribeHeaders } from '../list-unsubscribe';
import { mailTexts, type MailTexts } from '../mail-texts';
import type { OutgoingMail } from '../send-email';
import { alertScope } from './job-alert-confirmation';
import { visitorMailFooter } from './visitor-mail';

/** The most positions one alert lists; the rest are counted and linked (a feed may open 500 at once). */
export const maxListedPositions = 20;

/** A new position as an alert in one language shows it. */
export interface AlertedPosition {
  title: string;
  /** The language of its texts: the mail's, or German where the feed has none in the mail's language. */
  lang: Language;
  department: string;
  location: string;
  salary: SalaryRange | null;
  /** Its page on the site, in the mail's language. */
  url: string;
}

function payText({ jobs }: MailTexts, salary: SalaryRange, language: Language): string {
  const { range, floorOnly } = formatSalaryAmounts(salary, language);
  return floorOnly
    ? jobs(($) => $.salary.floor[salary.unit], { range })
    : jobs(($) => $.salary.range[salary.unit], { range });
}

/**
 * One alert: every new position of one round that matches the subscriber's departments
 * (at most `maxListedPositions`, the rest linked), in the subscriber's language, with why it
 * came, how to stop it (the unsubscribe link and RFC 8058's one-click headers) and the
 * company's particulars (§ 35a GmbHG).
 */
export function jobAlertMail({
  from,
  to,
  language,
  siteUrl,
  jobsUrl,
  unsubscribeUrl,
  positions,
  departments,
}: {
  from: string;
  to: string;
  language: Language;
  siteUrl: string;
  /** The jobs page in the mail's language, where the positions not listed are. */
  jobsUrl: string;
  unsubscribeUrl: string;
  positions: readonly AlertedPosition[];
  /** The subscriber's departments' names in the mail's language; none: every department. */
  departments: readonly string[];
}): Omit<OutgoingMail, 'messageId'> {
  const texts = mailTexts(language);
  const { t } = texts;
  const count = positions.length;
  const form = pluralForm(language, count);
  const listed = positions.slice(0, maxListedPositions);
  const rest = count - listed.length;
  const words = {
    subject:
      count === 1
        ? t(($) => $.jobAlert.subject.one, { title: positions[0]?.title ?? '' })
        : t(($) => $.jobAlert.subject.other, { count }),
    greeting: t(($) => $.jobAlert.greeting),
    intro: form === 'one' && count === 1 ? t(($) => $.jobAlert.intro.one) : t(($) => $.jobAlert.intro.other, { count }),
    more:
      rest === 0
        ? ''
        : pluralForm(language, rest) === 'one' && rest === 1
          ? t(($) => $.jobAlert.more.one)
          : t(($) => $.jobAlert.more.other, { count: rest }),
    view: t(($) => $.jobAlert.view),
    reason: t(($) => $.jobAlert.reason, { scope: alertScope(texts, language, departments) }),
    stop: t(($) => $.jobAlert.stop),
    signature: t(($) => $.jobAlert.signature),
  };
  const facts = (position: AlertedPosition) =>
    [
      t(($) => $.jobAlert.facts, { department: position.department, location: position.location }),
      ...(position.salary ? [payText(texts, position.salary, language)] : []),
    ].join('\n');
  const footer = visitorMailFooter(texts, {
    siteUrl,
    language,
    links: [{ label: t(($) => $.footer.unsubscribeJobAlerts), url: unsubscribeUrl }],
  });
  const text = [
    words.greeting,
    '',
    words.intro,
    '',
    ...listed.flatMap((position) => [position.title, facts(position), position.url, '']),
    ...(rest > 0 ? [words.more, jobsUrl, ''] : []),
    words.reason,
    words.stop,
    unsubscribeUrl,
    '',
    words.signature,
    '',
    footer.text,
  ].join('\n');
  const lines = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');
  const html = htmlMail({
    lang: language,
    title: words.subject,
    body: `<p>${escapeHtml(words.greeting)}</p>
<p>${escapeHtml(words.intro)}</p>
${listed
  .map(
    (position) => `<div style="margin:16px 0;padding:12px 16px;border:1px solid #e7e5e4;border-radius:8px">
<p style="margin:0 0 4px;font-size:18px;font-weight:bold"><a href="${escapeHtml(position.url)}" style="color:#0b6e4f"${position.lang === language ? '' : ` lang="${escapeHtml(position.lang)}"`}>${escapeHtml(position.title)}</a></p>
<p style="margin:0;color:#57534e">${lines(facts(position))}</p>
</div>`,
  )
  .join('\n')}
${rest > 0 ? `<p>${escapeHtml(words.more)} <a href="${escapeHtml(jobsUrl)}" style="color:#0b6e4f">${escapeHtml(jobsUrl)}</a></p>` : ''}
<p style="font-size:14px;color:#57534e">${escapeHtml(words.reason)} ${escapeHtml(words.stop)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#0b6e4f;word-break:break-all">${escapeHtml(unsubscribeUrl)}</a></p>
<p>${lines(words.signature)}</p>
${footer.html}`,
  });
  return { from, to, subject: words.subject, text, html, headers: listUnsubscribeHeaders(unsubscribeUrl) };
}
