import sanitizeHtml from 'sanitize-html';

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

export function sanitizeJobHtml(html: string): string {
  return sanitizeHtml(html, jobHtmlOptions).trim();
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text of a piece of HTML, as one line: for titles, departments and teasers. */
export function plainText(html: string): string {
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
