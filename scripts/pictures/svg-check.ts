/**
 * The check an SVG passes before the site serves it (docs/decisions/0045-svg-sanitizer.md): parsed
 * as XML (a prefix names the same element as no prefix; entities are decoded before anything looks
 * at a name or value), then sanitised by DOMPurify with the allow-list below, and its CSS read by a
 * CSS parser (escapes decoded). A drawing that loses anything there is refused, naming what; one
 * that passes is served as the sanitiser wrote it, without its <metadata>.
 */
import { ident, parse as parseCss, walk as walkCss, type CssNode } from 'css-tree';
import createDOMPurify, { type RemovedAttribute, type RemovedElement } from 'dompurify';
import { JSDOM } from 'jsdom';

const svgNamespace = 'http://www.w3.org/2000/svg';

/**
 * What a drawing may hold, in SVG's own spelling (XML names keep their case): shapes, text, paint
 * servers, clipping, masks, markers and filters, nothing that runs, links or loads (no <a>,
 * <image>, <feImage>, <foreignObject>, <script>, animation).
 */
const filterPrimitives = [
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
export const allowedSvgElements = [
  ...['svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'style'],
  ...['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath'],
  ...['linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter'],
  ...filterPrimitives,
];
const presentation = [
  ...['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'],
  ...['stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color'],
  ...['display', 'visibility', 'clip-path', 'clip-rule', 'mask', 'filter', 'marker-start', 'marker-mid'],
  ...['marker-end', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'letter-spacing'],
  ...['dominant-baseline', 'vector-effect', 'paint-order', 'shape-rendering', 'stop-color', 'stop-opacity'],
  ...['flood-color', 'flood-opacity', 'lighting-color', 'color-interpolation-filters', 'mix-blend-mode'],
];
export const allowedSvgAttributes = [
  ...['id', 'class', 'style', 'transform', 'viewBox', 'preserveAspectRatio', 'version', 'xml:space'],
  ...['role', 'aria-label', 'aria-hidden', 'focusable', 'href', 'xlink:href', 'xmlns', 'xmlns:xlink'],
  // eslint-disable-next-line no-restricted-syntax -- fr is a radial gradient's focal radius, no language
  ...['width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr'],
  ...['d', 'points', 'pathLength', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset'],
  ...['gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'patternUnits', 'patternContentUnits'],
  ...['patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerWidth', 'markerHeight'],
  ...['markerUnits', 'refX', 'refY', 'orient', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result'],
  ...['stdDeviation', 'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4', 'tableValues', 'slope'],
  ...['intercept', 'amplitude', 'exponent', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'scale'],
  ...['xChannelSelector', 'yChannelSelector', 'radius', 'order', 'kernelMatrix', 'divisor', 'bias'],
  ...['targetX', 'targetY', 'edgeMode', 'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant'],
  ...['specularExponent', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY', 'pointsAtZ'],
  ...['limitingConeAngle', ...presentation],
];

const { window } = new JSDOM('');
const purify = createDOMPurify(window);
// A reference may point inside the drawing only (#id): nothing outside it is loaded or linked to.
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if ((data.attrName === 'href' || data.attrName === 'xlink:href') && !data.attrValue.trim().startsWith('#')) {
    data.keepAttr = false;
  }
});

/** CSS functions that load a file. */
const loadingFunctions = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', 'element']);
/** At-rules a drawing's style sheet may have: none of them loads anything. */
const allowedAtRules = new Set(['media', 'supports', 'keyframes']);

/** Why this CSS (a style sheet, a style attribute or one attribute's value) may not be served, or null. */
function cssProblem(css: string, context: 'stylesheet' | 'declarationList' | 'value'): string | null {
  let problem: string | null = null;
  const unreadable = 'CSS that cannot be read (the check reads CSS as a browser does, escapes included)';
  let ast: CssNode;
  try {
    ast = parseCss(css, { context, onParseError: () => (problem ??= unreadable) });
  } catch {
    return unreadable;
  }
  walkCss(ast, (node: CssNode) => {
    if (node.type === 'Raw') problem ??= unreadable;
    if (node.type === 'Url' && !node.value.trim().startsWith('#')) {
      problem ??= 'a url() outside the SVG (only url(#…) is allowed)';
    }
    if (node.type === 'Function' && loadingFunctions.has(ident.decode(node.name).toLowerCase())) {
      problem ??= `a CSS ${ident.decode(node.name)}() that loads a file`;
    }
    if (node.type === 'Atrule' && !allowedAtRules.has(ident.decode(node.name).toLowerCase())) {
      problem ??= `a CSS @${ident.decode(node.name)} rule`;
    }
  });
  return problem;
}

const loadingElements = new Set(['image', 'feImage', 'iframe', 'embed', 'object', 'audio', 'video']);

/** What the sanitiser took out, as the operator should read it. */
function describeRemoved(removed: RemovedElement | RemovedAttribute): string {
  if ('element' in removed) {
    const name = removed.element.nodeName;
    const local = name.replace(/^[^:]*:/, '');
    if (local === 'script') return `a <${name}> element`;
    if (local === 'a') return `a link (<${name}>): a drawing links nowhere`;
    if (local === 'foreignObject') return `a <${name}> (HTML inside the SVG)`;
    if (loadingElements.has(local)) return `an element that loads another document or file (<${name}>)`;
    return `a <${name}> element`;
  }
  const name = removed.attribute?.name ?? '';
  const value = removed.attribute?.value ?? '';
  const on = removed.from.nodeName;
  if (/^on/i.test(name.replace(/^[^:]*:/, ''))) return `an event handler attribute (${name} on <${on}>)`;
  if (/^\s*javascript:/i.test(value)) return `a javascript: address (${name} on <${on}>)`;
  if (/(^|:)href$/.test(name)) return 'a link to something outside the SVG (only #… references are allowed)';
  return `the attribute ${name} on <${on}>`;
}

/** An SVG as the site serves it, or why it does not. */
export type SvgCheck = { svg: string } | { problem: string };

export function checkSvg(text: string): SvgCheck {
  const parsed = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.localName === 'parsererror' || parsed.getElementsByTagName('parsererror').length > 0) {
    return { problem: `XML that cannot be read (${(root.textContent ?? '').trim().split('\n')[0] ?? ''})` };
  }
  if (parsed.doctype) return { problem: 'a DOCTYPE or ENTITY declaration' };
  if (root.namespaceURI !== svgNamespace || root.localName !== 'svg') {
    return { problem: `a root element <${root.nodeName}> that is not SVG's <svg>` };
  }
  // Metadata (author, place, software) is not served; the drawing is.
  for (const metadata of [...parsed.getElementsByTagNameNS(svgNamespace, 'metadata')]) metadata.remove();
  // With it go the declarations of prefixes nothing uses any more (xmlns:rdf, say).
  const elements = [root, ...root.querySelectorAll('*')];
  const used = new Set(elements.flatMap((element) => [element, ...element.attributes].map((node) => node.prefix)));
  for (const element of elements) {
    for (const attribute of [...element.attributes]) {
      if (attribute.prefix === 'xmlns' && !used.has(attribute.localName)) element.removeAttributeNode(attribute);
    }
  }
  const cleaned = purify.sanitize(new window.XMLSerializer().serializeToString(parsed), {
    ALLOWED_TAGS: allowedSvgElements,
    ALLOWED_ATTR: allowedSvgAttributes,
    PARSER_MEDIA_TYPE: 'application/xhtml+xml',
    NAMESPACE: svgNamespace,
    RETURN_DOM: true,
  });
  // DOMPurify's own wrapper around what it returns is no removal of the drawing's.
  const removed = purify.removed.filter((entry) => !('element' in entry) || entry.element.nodeName !== 'template');
  const first = removed[0];
  if (first) return { problem: describeRemoved(first) };
  const svg = cleaned.nodeName === 'svg' ? cleaned : cleaned.firstElementChild;
  if (!svg || svg.namespaceURI !== svgNamespace || svg.localName !== 'svg') return { problem: 'no drawing' };
  for (const element of [svg, ...svg.querySelectorAll('*')]) {
    if (element.localName === 'style') {
      const problem = cssProblem(element.textContent ?? '', 'stylesheet');
      if (problem) return { problem };
    }
    for (const attribute of element.attributes) {
      if (attribute.name === 'style' || /[(\\]/.test(attribute.value)) {
        const problem = cssProblem(attribute.value, attribute.name === 'style' ? 'declarationList' : 'value');
        if (problem) return { problem };
      }
    }
  }
  return { svg: new window.XMLSerializer().serializeToString(svg) };
}
