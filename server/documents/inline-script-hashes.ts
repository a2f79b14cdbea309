import { createHash } from 'node:crypto';

/**
 * The CSP hashes ('sha256-…') of every inline <script> in a page: the head
 * script and the JSON-LD. Computed from the page as served (after SITE_URL is
 * filled in), so they match what the browser sees.
 */
export function inlineScriptHashes(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
  return [
    ...new Set(scripts.map((script) => `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`)),
  ];
}
