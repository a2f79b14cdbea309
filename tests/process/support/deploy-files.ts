import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './instances';

/**
 * deploy/<file> with `from` replaced by `to`, which must occur `times` times in it, so that what
 * the tests run cannot drift from what the operator installs.
 */
export function deployFile(file: string, replacements: readonly [from: string, to: string, times?: number][]): string {
  let text = readFileSync(path.join(root, 'deploy', file), 'utf8');
  for (const [from, to, times = 1] of replacements) {
    const count = text.split(from).length - 1;
    if (count !== times) throw new Error(`deploy/${file}: expected "${from}" ${times} times, found it ${count} times`);
    text = text.replaceAll(from, to);
  }
  return text;
}

/** Where the operator's command finds what docs/operations.md installs: here in a test's folders. */
export interface OperatorPaths {
  /** Holds `current` (a link to the release in use) and the releases. */
  srv: string;
  settingsFile: string;
  dataDir: string;
}

/** Writes deploy/bin/westbridge to `file` with the test's folders and this Node 24; returns `file`. */
export function writeOperatorCommand(file: string, { srv, settingsFile, dataDir }: OperatorPaths): string {
  writeFileSync(
    file,
    deployFile('bin/westbridge', [
      ['srv=/srv/westbridge', `srv=${srv}`],
      ['/etc/westbridge/westbridge.env', settingsFile],
      ['/var/lib/westbridge', dataDir],
      ['/opt/node24/bin', path.dirname(process.execPath)],
    ]),
    { mode: 0o755 },
  );
  return file;
}
