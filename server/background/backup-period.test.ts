import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../common/languages';
import { retention } from '../../common/retention';

const root = path.resolve(import.meta.dirname, '../..');

describe('the period of the database backups, which the operator keeps', () => {
  it('is the one docs/operations.md keeps dumps for, and its daily line deletes them after', () => {
    const guide = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const section = guide.slice(guide.indexOf('### Backup and restore'), guide.indexOf('### Log rotation'));
    expect(retention.backups.unit).toBe('days');
    expect(section).toMatch(new RegExp(`Keep dumps for\\s+\\*\\*${retention.backups.count} days\\*\\*`));
    // find's -mtime +n takes files at least n + 1 whole days old.
    expect(section).toContain(`-name '*.dump' -mtime +${retention.backups.count - 1} -delete`);
  });

  it.each(languageCodes)('is the one the privacy policy states (%s)', (lng) => {
    const policy = JSON.parse(readFileSync(path.join(root, 'src/content/locales', lng, 'privacy.json'), 'utf8')) as {
      sections: { retention: Record<string, string> };
    };
    expect(policy.sections.retention.backups).toContain('{{retention.backups}}');
  });
});
