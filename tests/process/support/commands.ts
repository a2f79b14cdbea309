import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './instances';

/** The built operator commands, as `npm run mail:given-up` and the others run them, and the server's entry. */
const commandEntries = {
  queue: path.join(root, 'dist/server/queue-command.js'),
  export: path.join(root, 'dist/server/newsletter-export.js'),
  server: path.join(root, 'dist/server/index.js'),
};

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node dist/server/queue-command.js <command> <args>` (or the export) with the settings the
 * instances have, from the checkout unless `cwd` says where, on this Node unless `node` names another.
 */
export function runCommand(
  args: string[],
  env: Record<string, string>,
  {
    entry = 'queue',
    cwd = root,
    node = process.execPath,
  }: { entry?: keyof typeof commandEntries; cwd?: string; node?: string } = {},
): Promise<CommandResult> {
  const child = spawn(node, [commandEntries[entry], ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
