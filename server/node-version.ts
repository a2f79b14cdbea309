/**
 * The Node.js the server and its commands run on: package.json's `engines`, which
 * scripts/node-24.mjs installs in a checkout and docs/operations.md installs in production.
 * Checked before anything else is loaded, so a command started on the system's older
 * Node says so instead of failing somewhere inside (a native module, a newer API).
 */
export const requiredNodeMajor = 24;

/** What to tell the operator when `what` was started on another Node; null on the right one. */
export function wrongNodeMessage(
  what: string,
  version = process.versions.node,
  execPath = process.execPath,
): string | null {
  if (Number(version.split('.')[0]) >= requiredNodeMajor) return null;
  return `${what} runs on Node ${requiredNodeMajor}, as the instances do, but was started with Node ${version} (${execPath}). Start it with the instances' Node: the node of the systemd unit's ExecStart (docs/operations.md, "Production install"), or in a checkout after eval "$(node scripts/node-24.mjs --env)".`;
}

/** Stops the process with that message when it runs on another Node. */
export function exitOnWrongNode(what: string): void {
  const message = wrongNodeMessage(what);
  if (message === null) return;
  console.error(message);
  process.exit(1);
}
