/**
 * What a comment or a document may cite: a file of the repository by its path (with an anchor
 * that its headings give), a decision record by its path, or a public standard by its section.
 * Never an issue number or a document outside the repository. scripts/docs/references.test.ts
 * runs these checks over every source and documentation file (docs/development.md, "Commits").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** Folders that hold no source: installed, built, or written by a run. */
const skippedFolders = new Set([
  'node_modules',
  'dist',
  '.tmp',
  '.git',
  'coverage',
  'test-results',
  'playwright-report',
  'data',
]);
/** The news entries: their links are the site's addresses, which tests/e2e/links.spec.ts follows (docs/decisions/0046-news-entries.md). */
const skippedPaths = new Set(['src/content/news']);
/** Written by `npm run bench`, never by hand (docs/benchmarking.md); and this check's own examples of what it refuses. */
const skippedFiles = new Set(['docs/benchmarks.md', 'docs/benchmarks.json', 'scripts/docs/references.test.ts']);
const sourceExtensions = /\.(ts|tsx|js|mjs|cjs|md|yml|yaml|conf|service|css|html)$/;
/** Files without one of those extensions that hold comments. */
const otherSources = new Set(['.ci/run', 'deploy/bin/westbridge', '.env.example']);

/** Every file the checks read, as a path from the repository's root. */
export function sourceFiles(dir = root): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skippedFolders.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const relative = path.relative(root, full).split(path.sep).join('/');
    if (skippedPaths.has(relative)) continue;
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if ((sourceExtensions.test(entry.name) || otherSources.has(relative)) && !skippedFiles.has(relative))
      files.push(relative);
  }
  return files.sort();
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const withoutCodeBlocks = (text: string) => text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));

/** The anchors of a Markdown file's headings, as GitHub makes them (a repeated one gets -1, -2…). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ''] of withoutCodeBlocks(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const anchor = anchorOf(heading);
    const count = seen.get(anchor) ?? 0;
    anchors.add(count ? `${anchor}-${count}` : anchor);
    seen.set(anchor, count + 1);
  }
  return anchors;
}

export interface Problem {
  file: string;
  line: number;
  problem: string;
}

/** The decision records by number. */
function decisionNumbers(): Set<number> {
  return new Set(
    readdirSync(path.join(root, 'docs/decisions'))
      .filter((name) => /^\d{4}-/.test(name))
      .map((name) => Number(name.slice(0, 4))),
  );
}

// Citations of what is not in the repository. Written with a character class so that this file
// does not cite them itself.
const outsideCitation = /\b(?:[S]PEC(?:\b|'s)|[D]ESIGN\b|[Ii]ssues? #?\d+)/g;
/** A placeholder in a path: `<id>`, `NNN`, `*`, `{de,en}`. */
const placeholder = /[<>*{}]|NNN|\$\{/;
/** A path into the repository that a document or comment names. */
const repositoryPath =
  /(?<![\w./-])((?:docs|common|src|server|scripts|tests|deploy|public)\/[\w./@-]*[\w-](?:\.\w+)?|README\.md|CHANGELOG\.md)(#[\w-]+)?/g;

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Everything a file cites that does not resolve. */
export function problemsOf(file: string, text = readFileSync(path.join(root, file), 'utf8')): Problem[] {
  const problems: Problem[] = [];
  const report = (index: number, problem: string) => problems.push({ file, line: lineAt(text, index), problem });
  const markdown = file.endsWith('.md');
  const anchorsCache = new Map<string, Set<string>>();
  const anchorsIn = (target: string) => {
    if (!anchorsCache.has(target)) anchorsCache.set(target, anchorsOf(readFileSync(path.join(root, target), 'utf8')));
    return anchorsCache.get(target) ?? new Set<string>();
  };
  const checkTarget = (index: number, target: string, anchor: string | undefined, written: string) => {
    if (!existsSync(path.join(root, target))) return report(index, `cites ${written}, which does not exist`);
    if (anchor && target.endsWith('.md') && !anchorsIn(target).has(anchor))
      report(index, `cites ${written}, but ${target} has no heading with the anchor #${anchor}`);
  };

  for (const match of text.matchAll(outsideCitation))
    report(
      match.index,
      `cites "${match[0]}", which is not in the repository: cite docs/product.md, docs/contract.md, a decision's path or a public standard`,
    );

  const numbers = decisionNumbers();
  for (const match of text.matchAll(/\b[Dd]ecisions? (\d+)\b/g)) {
    if (!markdown)
      report(match.index, `cites "${match[0]}": cite the record by its path (docs/decisions/NNNN-slug.md)`);
    else if (!numbers.has(Number(match[1]))) report(match.index, `cites "${match[0]}", which is no record`);
  }

  const scanned = markdown ? withoutCodeBlocks(text) : text;
  for (const match of scanned.matchAll(repositoryPath)) {
    const [written, target = '', hash] = match;
    const after = scanned.slice(match.index + written.length);
    // Code names the repository's files in its own ways (imports, fixtures): there only documents are checked.
    if (!markdown && !/^(docs\/|README\.md|CHANGELOG\.md)/.test(target)) continue;
    if (placeholder.test(written) || /^[<{$*]/.test(after) || /\/XXXX-/.test(target)) continue;
    // A file a record names as it was: `path` (removed in <commit>).
    if (/^`? \(removed in [0-9a-f]{7,40}\)/.test(after)) continue;
    // A folder named without its slash.
    if (!/\.\w+$/.test(target) && existsSync(path.join(root, target))) continue;
    checkTarget(match.index, target, hash?.slice(1), written);
  }

  if (markdown) {
    const withoutCodeSpans = scanned.replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
    for (const match of withoutCodeSpans.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = match[1] ?? '';
      if (/^[a-z]+:/.test(link)) continue;
      const [relative = '', anchor] = link.split('#');
      const target = relative ? path.posix.normalize(path.posix.join(path.posix.dirname(file), relative)) : file;
      if (placeholder.test(target)) continue;
      checkTarget(match.index, target, anchor, link);
    }
  }
  return problems;
}
