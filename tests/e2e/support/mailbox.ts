import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { e2eMailDir } from './environment';

/** Every mail the test SMTP server has received so far, parsed. */
export async function readMailbox(): Promise<Email[]> {
  let files: string[];
  try {
    files = readdirSync(e2eMailDir)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return Promise.all(files.map((file) => PostalMime.parse(readFileSync(path.join(e2eMailDir, file)))));
}

/** Waits for the first mail that `match` accepts (mails are delivered by the outbox, a moment after the answer). */
export async function waitForMail(match: (mail: Email) => boolean, timeoutMs = 15_000): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('No matching mail arrived');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
