import { describe, expect, it } from 'vitest';
import { anchorOf, anchorsOf, problemsOf, sourceFiles } from './references';

describe('every reference in a comment or a document', () => {
  it('resolves inside the repository or names a public standard', () => {
    const problems = sourceFiles().flatMap((file) => problemsOf(file));
    expect(problems.map(({ file, line, problem }) => `${file}:${line}: ${problem}`)).toEqual([]);
  });

  it('is read from the sources and documents, not from what a run writes', () => {
    const files = sourceFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/contract.md', 'server/app.ts', '.env.example']));
    expect(files).not.toContain('docs/benchmarks.md');
    expect(files).not.toContain('scripts/docs/references.test.ts');
    expect(files.some((file) => file.startsWith('node_modules/') || file.startsWith('dist/'))).toBe(false);
  });
});

describe('the check', () => {
  const problemsIn = (file: string, text: string) => problemsOf(file, text).map((problem) => problem.problem);

  it('refuses a citation of an issue, or of a specification or design outside the repository', () => {
    const cited = ['issue 12', 'Issue #7', 'S' + 'PEC 3', 'S' + "PEC's texts", 'D' + 'ESIGN difference 8'];
    for (const citation of cited)
      expect(problemsIn('server/x.ts', `// As ${citation} says.`), citation).toHaveLength(1);
    expect(
      problemsIn('server/x.ts', '// RFC 5321 §4.5.3.2, GDPR Art. 13, WCAG 2.2 2.4.11, an issue of the feed.'),
    ).toEqual([]);
  });

  it('refuses a path or an anchor that does not exist, in code and in documents', () => {
    expect(problemsIn('server/x.ts', '// docs/contract.md#difference-8')).toEqual([]);
    expect(problemsIn('server/x.ts', '// docs/contract.md#difference-11')).toEqual([
      'cites docs/contract.md#difference-11, but docs/contract.md has no heading with the anchor #difference-11',
    ]);
    expect(problemsIn('server/x.ts', '// docs/nowhere.md')).toEqual(['cites docs/nowhere.md, which does not exist']);
    expect(problemsIn('docs/x.md', 'See [the jobs](jobs.md#jobs-from-personio) and `server/jobs/`.')).toEqual([]);
    expect(problemsIn('docs/x.md', 'See [the jobs](jobs.md#no-such-part).')).toHaveLength(1);
    expect(problemsIn('docs/x.md', 'Kept in `common/nowhere.ts`.')).toHaveLength(1);
  });

  it('takes placeholders, new records and files a record names as they were', () => {
    const text = [
      'A page is `src/pages/<id>-page.tsx`; a migration `server/db/migrations/NNN-what.ts`;',
      'a new record `docs/decisions/XXXX-slug.md`; `src/hooks/use-stable-id.tsx` (removed in 42fb2f9).',
      '```sh',
      'cat docs/not-checked-in-a-code-block.md',
      '```',
    ].join('\n');
    expect(problemsIn('docs/x.md', text)).toEqual([]);
  });

  it('asks code to cite a decision by its path, and documents to cite one that exists', () => {
    expect(problemsIn('server/x.ts', '// (decision 27)')).toHaveLength(1);
    expect(problemsIn('server/x.ts', '// (docs/decisions/0027-jobs-from-personio.md)')).toEqual([]);
    expect(problemsIn('docs/x.md', 'As decision 27 says.')).toEqual([]);
    expect(problemsIn('docs/x.md', 'As decision 24 says.')).toEqual(['cites "decision 24", which is no record']);
  });

  it('makes anchors as GitHub does', () => {
    expect(anchorOf('Alerts and what to do')).toBe('alerts-and-what-to-do');
    expect(anchorOf('Server logs: at most 14 days')).toBe('server-logs-at-most-14-days');
    expect(anchorOf('`npm run bench`, one section')).toBe('npm-run-bench-one-section');
    expect([...anchorsOf('# A\n## Notes\n### Notes\n```\n# not a heading\n```\n')]).toEqual(['a', 'notes', 'notes-1']);
  });
});
