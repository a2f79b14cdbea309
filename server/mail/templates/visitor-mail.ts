import { company } from '../../../common/company';
import type { Language } from '../../../common/languages';
import { pageUrl } from '../../../common/page-urls';
import type { MailTexts } from '../mail-texts';
import { escapeHtml } from '../html';

export interface MailLink {
  label: string;
  url: string;
}

/**
 * What every mail to a visitor ends with, as a business letter of a GmbH must (§ 35a GmbHG):
 * the company's name with its legal form, address, seat, register court and number and its
 * managing director, then the links to the privacy policy and the legal notice (and any the
 * mail adds, such as its unsubscribe link), in the mail's language.
 */
export function visitorMailFooter(
  { t, pageName }: MailTexts,
  { siteUrl, language, links = [] }: { siteUrl: string; language: Language; links?: readonly MailLink[] },
): { text: string; html: string } {
  const lines = [
    t(($) => $.footer.company),
    t(($) => $.footer.register),
    t(($) => $.footer.director[company.representativeGender]),
  ];
  const all: MailLink[] = [
    { label: pageName('privacy'), url: pageUrl(siteUrl, 'privacy', language) },
    { label: pageName('legal'), url: pageUrl(siteUrl, 'legal', language) },
    ...links,
  ];
  const text = ['—', ...lines, ...all.map(({ label, url }) => t(($) => $.labelled, { label, value: url }))].join('\n');
  const linkStyle = 'color:#57534e';
  const html = `<p style="margin-top:32px;border-top:1px solid #e7e5e4;padding-top:16px;font-size:13px;line-height:1.6;color:#57534e">${lines
    .map(escapeHtml)
    .join('<br>')}<br>${all
    .map(({ label, url }) => `<a href="${escapeHtml(url)}" style="${linkStyle}">${escapeHtml(label)}</a>`)
    .join(' · ')}</p>`;
  return { text, html };
}
