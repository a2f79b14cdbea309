import sanitizeHtml from 'sanitize-html';

/**
 * The most of the feed's HTML one text (a title, a section of an ad) may hold.
 * An ad from Personio's editor is a few kilobytes of a few hundred tags; the
 * bounds leave room for ten times that. They are checked in one pass before
 * anything is parsed: htmlparser2 (under sanitize-html) takes time growing with
 * the square of how deep tags are nested (400,000 unclosed `<b>` took 43 s), and
 * a text of no more than `maxTags` tags cannot be nested deeper than that.
 */
export const htmlBounds = { maxLength: 256 * 1024, maxTags: 5_000 } as const;

/** A text of the feed over the bounds: its position is left out, the rest of the feed taken. */
export class HtmlRefused extends Error {
  override name = 'HtmlRefused';
}

/** Counts the tags (`<` and a letter, `/` or `!`) up to one over the bound, in one pass. */
function tagsUpTo(html: string, max: number): number {
  let tags = 0;
  for (let at = html.indexOf('<'); at !== -1 && tags <= max; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1);
    // a–z, A–Z, '/', '!', '?': where an HTML tokenizer starts a tag, a comment or a declaration.
    if ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7a) tags++;
    else if (next === 0x2f || next === 0x21 || next === 0x3f) tags++;
  }
  return tags;
}

/** Throws HtmlRefused for a text over the bounds, saying by how much (never the text). */
export function checkHtmlBounds(html: string): void {
  if (html.length > htmlBounds.maxLength) {
    throw new HtmlRefused(`${html.length} characters, more than the ${htmlBounds.maxLength} a text may have`);
  }
  if (tagsUpTo(html, htmlBounds.maxTags) > htmlBounds.maxTags) {
    throw new HtmlRefused(`more than the ${htmlBounds.maxTags} tags a text may have`);
  }
}

/**
 * The feed's HTML made safe for the page (docs/decisions/0027-jobs-from-personio.md): an allow-list of
 * paragraphs, lists, emphasis, line breaks and links to http(s) addresses.
 * No script, event handler, style, image, frame or form survives, and no
 * `javascript:` or `data:` address; blocks and headings become paragraphs,
 * anything nested deeper than a job ad needs is flattened to its text. The
 * page's Content-Security-Policy stays as strict as for every other page.
 */
const jobHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'u', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // What a job ad needs (list › item › paragraph › emphasis › link) and a little more.
  nestingLimit: 8,
  transformTags: {
    div: 'p',
    h1: 'p',
    h2: 'p',
    h3: 'p',
    h4: 'p',
    h5: 'p',
    h6: 'p',
    // A link leads off the site: no referrer, no endorsement, no window.opener.
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }),
  },
  exclusiveFilter: (frame) =>
    // Empty paragraphs and items (Personio's editor leaves `<p><br></p>` between paragraphs) and links without an address.
    (['p', 'li'].includes(frame.tag) && !frame.text.trim() && !frame.mediaChildren.length) ||
    (frame.tag === 'a' && !frame.attribs.href),
};

/** Throws HtmlRefused for a text over the bounds (htmlBounds). */
export function sanitizeJobHtml(html: string): string {
  checkHtmlBounds(html);
  return sanitizeHtml(html, jobHtmlOptions).trim();
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text of a piece of the feed's HTML, as one line: for titles, departments and teasers. Throws HtmlRefused over the bounds. */
export function plainText(html: string): string {
  checkHtmlBounds(html);
  return textOf(html);
}

/**
 * The text of what sanitizeJobHtml made, as one line (for a teaser): nested no
 * deeper than its nesting limit, so read in time linear in its length, and not
 * held to the bounds again (several sections together may have more tags than one).
 */
export function sanitizedText(html: string): string {
  return textOf(html);
}

function textOf(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/li|\/div|\/h\d)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}
