import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './references';

const folder = path.join(root, 'docs/decisions');
/** Every decision record: numbered, or awaiting its number (`XXXX-<slug>.md`) until it is merged. */
const records = readdirSync(folder).filter((name) => /^(\d{4}|XXXX)-[a-z0-9-]+\.md$/.test(name));
const text = (name: string) => readFileSync(path.join(folder, name), 'utf8');

describe('the decision records (docs/decisions/README.md)', () => {
  it('are all in the index', () => {
    const index = text('README.md');
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it.each(records)('%s keeps to one decision in at most 80 lines, with its date and status', (name) => {
    const lines = text(name).trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^# (\d+|XXXX)\. \S/);
    expect(lines.slice(1, 5).join(' ')).toMatch(
      /^\s*Date: \d{4}-\d{2}-\d{2}.* · Status: (proposed|accepted|superseded)/,
    );
  });

  it('are numbered as their file names say, each number once', () => {
    const numbered = records.filter((name) => /^\d/.test(name));
    for (const name of numbered)
      expect(text(name).split('\n')[0]).toMatch(new RegExp(`^# ${Number(name.slice(0, 4))}\\. `));
    const numbers = numbered.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
