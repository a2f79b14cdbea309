/**
 * The server's entry point (`node dist/server/index.js`: the systemd unit's ExecStart, npm start).
 * It checks the Node it runs on first, as the operator's commands do, and then starts an
 * instance (server/serve.ts).
 */
import { exitOnWrongNode } from './node-version';

exitOnWrongNode('The server');
// Loaded only on the right Node: the instance brings the database drivers, one of them native,
// which an older Node does not refuse but crashes on with a segmentation fault and no message.
await import('./serve');
