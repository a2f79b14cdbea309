import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findLanguage } from '../../common/languages';
import { pageDate } from '../../common/page-dates';
import { usePageLanguage } from '../hooks/use-page-href';
import { Container } from './container';
import { PageHeader } from './page-header';
import { RichText, type RichTextElements } from './rich-text';

export interface LegalDocumentSection {
  /** The section's anchor, e.g. `/privacy#newsletter`; the same in every language. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A long legal text (terms, privacy policy, legal notice): the page header, an
 * optional table of contents, and sections with h2 headings, numbered as an
 * ordered list when `numbered`. Lines stay short enough to read comfortably.
 */
export function LegalDocument({
  title,
  lead,
  updated,
  tocTitle,
  sections,
  numbered = false,
}: {
  title: string;
  lead?: ReactNode;
  /** "As of …", shown under the lead. */
  updated?: string;
  /** The heading of a table of contents; without it there is none. */
  tocTitle?: string;
  sections: readonly LegalDocumentSection[];
  numbered?: boolean;
}) {
  const items = sections.map((section, index) => (
    <LegalSectionBlock key={section.id} section={section} number={numbered ? index + 1 : undefined} />
  ));
  return (
    <>
      <PageHeader title={title} lead={lead}>
        {/* The date the page shows of itself: not part of the texts whose changes give it (common/page-dates.ts). */}
        {updated && (
          <p className="mt-6 text-sm font-medium text-ink-muted" data-lastmod="">
            {updated}
          </p>
        )}
      </PageHeader>
      <Container className="py-12 sm:py-16">
        <div className={tocTitle ? 'grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16' : undefined}>
          {tocTitle && <TableOfContents title={tocTitle} sections={sections} numbered={numbered} />}
          {numbered ? (
            <ol className="max-w-prose space-y-12 wrap-break-word">{items}</ol>
          ) : (
            <div className="max-w-prose space-y-12 wrap-break-word">{items}</div>
          )}
        </div>
      </Container>
    </>
  );
}

function numberedTitle(title: string, number: number | undefined): ReactNode {
  if (number === undefined) return title;
  return (
    <>
      <span className="text-brand tabular-nums">{number}.</span> {title}
    </>
  );
}

function LegalSectionBlock({ section, number }: { section: LegalDocumentSection; number: number | undefined }) {
  const headingId = `${section.id}-heading`;
  const content = (
    <section id={section.id} aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        {numberedTitle(section.title, number)}
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-ink">{section.body}</div>
    </section>
  );
  return number === undefined ? content : <li>{content}</li>;
}

function TableOfContents({
  title,
  sections,
  numbered,
}: {
  title: string;
  sections: readonly LegalDocumentSection[];
  numbered: boolean;
}) {
  const headingId = useId();
  return (
    <nav
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface-sunken p-5 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto"
    >
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-ink uppercase">
        {title}
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="block rounded-md py-1 text-ink-muted underline-offset-4 hover:text-ink hover:underline"
            >
              {numberedTitle(section.title, numbered ? index + 1 : undefined)}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A paragraph (string), a bulleted list (strings) or a titled subsection of those. */
export type LegalTextBlock = string | readonly string[];
export type LegalBlock = LegalTextBlock | { title: string; content: readonly LegalTextBlock[] };

/** A section as the translation files hold it. */
export interface LegalTextSection {
  title: string;
  content: readonly LegalBlock[];
}

/** Renders translated blocks: paragraphs, bulleted lists and subsections with h3 headings. */
export function LegalTextBlocks({
  blocks,
  elements = {},
}: {
  blocks: readonly LegalBlock[];
  elements?: RichTextElements;
}) {
  return blocks.map((block, index) => {
    if (typeof block === 'string') {
      return (
        <p key={index}>
          <RichText text={block} elements={elements} />
        </p>
      );
    }
    if ('title' in block) {
      return (
        <div key={index} className="space-y-3 pt-2">
          <h3 className="text-lg font-semibold text-ink">{block.title}</h3>
          <LegalTextBlocks blocks={block.content} elements={elements} />
        </div>
      );
    }
    return (
      <ul key={index} className="list-disc space-y-2 pl-6 marker:text-ink-muted">
        {block.map((item) => (
          <li key={item}>
            <RichText text={item} elements={elements} />
          </li>
        ))}
      </ul>
    );
  });
}

/**
 * Turns translated sections into document sections: `ids` are the anchors, one
 * per section, in order (they are code, so every language shares them).
 */
export function textSections(
  ids: readonly string[],
  sections: readonly LegalTextSection[],
  elements: RichTextElements = {},
): LegalDocumentSection[] {
  if (ids.length !== sections.length) {
    throw new Error(`${sections.length} translated sections for ${ids.length} anchors`);
  }
  return sections.map((section, index) => ({
    id: ids[index] ?? `section-${index + 1}`,
    title: section.title,
    body: <LegalTextBlocks blocks={section.content} elements={elements} />,
  }));
}

/** Labelled facts, such as phone and e-mail or register court and number, as a description list. */
export function LegalFacts({ facts }: { facts: readonly { term: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
      {facts.map((fact) => (
        <div key={fact.term} className="contents">
          <dt className="font-semibold text-ink">{fact.term}</dt>
          <dd className="mb-2 sm:mb-0">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The terms and the privacy policy: numbered sections, a table of contents, and the date of the
 * text in the page's language, when its texts last changed (common/page-dates.ts).
 */
export function NumberedLegalDocument({
  namespace,
  sections,
}: {
  namespace: 'terms' | 'privacy';
  sections: readonly LegalDocumentSection[];
}) {
  const { t } = useTranslation(namespace);
  const lng = usePageLanguage();
  const date = pageDate(namespace, lng);
  const month = date
    ? new Intl.DateTimeFormat(findLanguage(lng).locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(date),
      )
    : null;
  return (
    <LegalDocument
      title={t(($) => $.title)}
      lead={<RichText text={t(($) => $.lead)} />}
      updated={month ? t(($) => $.updated, { date: month }) : undefined}
      tocTitle={t(($) => $.toc)}
      sections={sections}
      numbered
    />
  );
}
