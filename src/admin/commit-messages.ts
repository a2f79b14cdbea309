/**
 * The commit messages of the editor's saves (Decap's `backend.commit_messages`). `npm test`
 * holds every commit after a baseline to the commit rule (scripts/commit-message.mjs): a subject
 * of at most 72 characters and a body after a blank line; Decap's own messages ("Update Texts
 * “about”") have no body. The subject names only the collection (its `label_singular` or
 * `label`): a news entry's slug may be 80 characters long and a picture's path longer, so they
 * are in the body. commit-messages.test.ts renders each with the longest of this site's.
 */
const checks =
  'The content checks (npm run check:content) run on its pull/merge\nrequest; merging the request publishes it.';

export const commitMessages = {
  create: `{{collection}}: new entry from the editor\n\n“{{slug}}” was created at /admin/ by {{author-name}}.\n${checks}`,
  update: `{{collection}}: changed in the editor\n\n“{{slug}}” was saved at /admin/ by {{author-name}}.\n${checks}`,
  delete: `{{collection}}: entry deleted in the editor\n\n“{{slug}}” was deleted at /admin/ by {{author-name}}.\n${checks}`,
  uploadMedia: `Picture uploaded in the editor\n\n“{{path}}” was uploaded at /admin/ by {{author-name}}.\n${checks}`,
  deleteMedia: `Picture deleted in the editor\n\n“{{path}}” was deleted at /admin/ by {{author-name}}.\n${checks}`,
  openAuthoring: '{{message}}',
} as const;

export type CommitMessageKind = keyof typeof commitMessages;

/** The variables Decap fills in (decap-cms-core's lib/formatters.ts, commitMessageFormatter). */
export interface CommitMessageValues {
  collection?: string;
  slug?: string;
  path?: string;
  'author-login'?: string;
  'author-name'?: string;
  message?: string;
}

/** A template as Decap renders it: each `{{variable}}` replaced, an unknown one by nothing. */
export function renderCommitMessage(template: string, values: CommitMessageValues): string {
  return template.replace(/\{\{([^}]+)\}\}/g, (_, name: string) => values[name as keyof CommitMessageValues] ?? '');
}
