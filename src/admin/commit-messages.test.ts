import { describe, expect, it } from 'vitest';
import { maxSlugLength } from '../../common/news';
import { languageCodes } from '../../common/languages';
import { messageProblems, maxSubject } from '../../scripts/commit-message.mjs';
import { namespacesOf, readNamespace } from '../test/locale-files';
import pictureData from '../content/pictures.json';
import { cmsConfig, type PublishedTexts, type Texts } from './cms-config';
import { commitMessages, renderCommitMessage, type CommitMessageKind } from './commit-messages';

/**
 * Every commit the editor makes passes the commit rule `npm test` holds commits to
 * (scripts/commit-message.mjs), rendered with the longest collection name, slug and path this
 * site's configuration can give them.
 */
const published = Object.fromEntries(
  languageCodes.map((lng) => [
    lng,
    Object.fromEntries(namespacesOf(lng).map((ns) => [ns, readNamespace(lng, ns) as Texts])),
  ]),
) as PublishedTexts;
const settings = {
  backend: 'github',
  repository: 'westbridge/website',
  branch: 'main',
  authUrl: 'https://oauth.example.org',
  apiUrl: null,
  appId: null,
} as const;

interface Collection {
  name: string;
  label: string;
  label_singular?: string;
  files?: { name: string }[];
  media_folder?: string;
}
const config = cmsConfig(settings, published, pictureData) as {
  backend: { commit_messages: Record<string, string> };
  media_folder: string;
  collections: Collection[];
};

const longest = (values: string[]) => values.reduce((a, b) => ([...b].length > [...a].length ? b : a), '');
/** What Decap puts for {{collection}}: the label_singular, else the label. */
const collection = longest(config.collections.map((c) => c.label_singular ?? c.label));
/** A file collection's slug is the file's name; a news entry's may be as long as common/news.ts allows. */
const slug = longest([
  ...config.collections.flatMap((c) => (c.files ?? []).map((file) => file.name)),
  'a'.repeat(maxSlugLength),
]);
const picturePath = `${config.media_folder}/${'b'.repeat(251)}.jpg`;
const values = {
  collection,
  slug,
  path: picturePath,
  'author-name': 'Maximiliane Mustermann-Schönberger',
  'author-login': 'm.mustermann-schoenberger',
};

describe('the editor’s commit messages', () => {
  it('are Decap’s six templates, in the configuration’s backend', () => {
    expect(Object.keys(config.backend.commit_messages).sort()).toEqual(
      ['create', 'delete', 'deleteMedia', 'openAuthoring', 'update', 'uploadMedia'].sort(),
    );
    expect(config.backend.commit_messages).toEqual(commitMessages);
  });

  it.each(Object.keys(commitMessages) as CommitMessageKind[])(
    '%s passes the commit rule with the longest collection, slug and path',
    (kind) => {
      const plain = renderCommitMessage(commitMessages[kind], values);
      const message =
        kind === 'openAuthoring'
          ? renderCommitMessage(commitMessages[kind], { message: renderCommitMessage(commitMessages.update, values) })
          : plain;
      expect(messageProblems(message)).toEqual([]);
      expect([...(message.split('\n')[0] ?? '')].length).toBeLessThanOrEqual(maxSubject);
    },
  );

  it('names the entry or the picture in the body', () => {
    expect(renderCommitMessage(commitMessages.update, values)).toContain(`“${slug}”`);
    expect(renderCommitMessage(commitMessages.uploadMedia, values)).toContain(`“${picturePath}”`);
  });

  it('would fail the rule with the slug in the subject (the rule bites)', () => {
    expect(messageProblems(`${collection}: “${slug}” changed in the editor`)).toHaveLength(2);
  });
});
