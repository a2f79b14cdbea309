/**
 * npm run mail:given-up | mail:resend | newsletter:dead-syncs | newsletter:resend-syncs | jobs:status | job-alerts:ended
 * The operator's commands on the queue (server/operator-commands.ts),
 * against the database the server uses.
 */
import { exitOnWrongNode } from './node-version';

exitOnWrongNode('This command');
// Loaded only on the right Node: the commands bring the database drivers, one of them native.
const { runOperatorCommand } = await import('./operator-commands');
const [command = '', ...args] = process.argv.slice(2);
process.exitCode = await runOperatorCommand(command, args, {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
