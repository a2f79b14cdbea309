import {
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { exportSubscribers } from './export-command';

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'export-'));
});

afterAll(async () => {
  await database.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function exportTo(file: string) {
  let err = '';
  const config = database.config;
  const code = await exportSubscribers(['--out', file], {
    env: config.kind === 'postgres' ? { DATABASE_URL: config.url } : { DATA_DIR: path.dirname(config.file) },
    out: () => {},
    err: (text) => void (err += text),
  });
  return { code, err };
}

const mode = (file: string) => statSync(file).mode & 0o777;

describe('newsletter:export --out', () => {
  it('writes a file only its owner can read, also in place of one that others could', async () => {
    const file = path.join(dir, 'subscribers.csv');
    expect(await exportTo(file)).toMatchObject({ code: 0 });
    expect(mode(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^"?email"?,/);

    const older = path.join(dir, 'older.csv');
    writeFileSync(older, 'old', { mode: 0o644 });
    expect(await exportTo(older)).toMatchObject({ code: 0 });
    expect(mode(older)).toBe(0o600);
    expect(readFileSync(older, 'utf8')).not.toBe('old');
  });

  it('refuses to follow a symbolic link: the file it points to and the link stay as they were', async () => {
    const target = path.join(dir, 'elsewhere.txt');
    writeFileSync(target, 'not yours', { mode: 0o644 });
    const link = path.join(dir, 'link.csv');
    symlinkSync(target, link);
    const { code, err } = await exportTo(link);
    expect(code).toBe(1);
    expect(err).toContain(`Cannot write ${link}: it is a symbolic link; name the file itself. Nothing was written.`);
    expect(readFileSync(target, 'utf8')).toBe('not yours');
    expect(mode(target)).toBe(0o644);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
  });
});
