/**
 * An entry's text, Markdown to HTML at build time (docs/decisions/0046-news-entries.md):
 * markdown-it without raw HTML, pictures or embeds; links to the site's own pages (from its
 * root) and to https, mailto and tel only; headings renumbered to start at h2 below the
 * page's h1 and to skip no level.
 */
import MarkdownIt from 'markdown-it';

/** What is wrong with a text, with the line it is on (1-based, counting from the text's first line). */
export class MarkdownProblem extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
  }
}

const allowedLink = /^(?:https:\/\/[^\s/]|mailto:|tel:\+?[\d ()/-]+$|\/(?!\/)|#)/i;

function linkProblem(href: string): string | null {
  if (allowedLink.test(href)) return null;
  if (/^http:\/\//i.test(href)) return `link "${href}" is http: write https://`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return `link "${href}" has a scheme the site does not link to`;
  return `link "${href}" is relative: write the site's addresses from its root, such as /en/about`;
}

// The parser sees raw HTML so that it can be refused by its line; it is never rendered.
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });
// Every link reaches linkProblem below, which says what is wrong instead of leaving it as text.
markdown.validateLink = () => true;

/** The text's HTML; throws a MarkdownProblem for anything it refuses. */
export function renderMarkdown(text: string): string {
  const tokens = markdown.parse(text, {});
  const lineOf = (map: [number, number] | null | undefined) => (map ? map[0] + 1 : null);
  let line: number | null = null;
  const levels = new Set<number>();
  for (const token of tokens) {
    line = lineOf(token.map) ?? line;
    if (token.type === 'html_block') throw new MarkdownProblem('raw HTML is not allowed', line);
    if (token.type === 'heading_open') levels.add(Number(token.tag.slice(1)));
    for (const child of token.children ?? []) {
      if (child.type === 'html_inline') throw new MarkdownProblem(`raw HTML "${child.content}" is not allowed`, line);
      if (child.type === 'image') {
        throw new MarkdownProblem(
          'a picture in the text is not allowed: an entry has one picture, named in its front matter',
          line,
        );
      }
      if (child.type === 'link_open') {
        const href = String(child.attrGet('href') ?? '');
        const problem = linkProblem(href);
        if (problem) throw new MarkdownProblem(problem, line);
        if (/^https:/i.test(href)) child.attrSet('rel', 'noopener noreferrer');
        child.attrSet('class', 'text-link');
      }
    }
  }
  // The highest heading used becomes an h2, the next an h3…: the entry's title is the page's one h1.
  const renumbered = new Map([...levels].sort((a, b) => a - b).map((level, index) => [level, Math.min(6, index + 2)]));
  for (const token of tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') {
      token.tag = `h${renumbered.get(Number(token.tag.slice(1))) ?? 2}`;
    }
  }
  return markdown.renderer.render(tokens, markdown.options, {});
}
