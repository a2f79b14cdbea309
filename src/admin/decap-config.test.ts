import { describe, expect, it, vi } from 'vitest';
import { languageCodes } from '../../common/languages';
import { allResources } from '../content/locales/all-resources';
import pictureData from '../content/pictures.json';
import { cmsConfig, type PublishedTexts } from './cms-config';

/**
 * Decap's own check of a configuration (its validateConfig, with Ajv), which the editor's build
 * leaves out so that /admin/ needs no 'unsafe-eval' (src/admin/config-validation.ts). Its schema
 * module is taken as Decap ships it; what it imports of Decap's running application (the
 * registry of widgets, the formats, the i18n constants) is given as the editor registers it.
 */
vi.mock('decap-cms-core/dist/esm/lib/registry', async () => {
  const widgets = await Promise.all(
    ['string', 'text', 'list', 'object', 'image', 'select', 'datetime', 'number'].map(async (name) => {
      const module = (await import(`decap-cms-widget-${name}`)) as { default: { Widget(): { schema?: object } } };
      return { name, schema: module.default.Widget().schema ?? {} };
    }),
  );
  const ours = ['guarded-string', 'guarded-text', 'shown'].map((name) => ({ name, schema: {} }));
  return { getWidgets: () => [...widgets, ...ours] };
});
vi.mock('decap-cms-core/dist/esm/formats/formats', () => ({
  frontmatterFormats: ['yaml-frontmatter', 'toml-frontmatter', 'json-frontmatter'],
  extensionFormatters: { yml: {}, yaml: {}, toml: {}, json: {}, md: {}, markdown: {}, html: {} },
}));
vi.mock('decap-cms-core/dist/esm/lib/i18n', () => ({
  I18N_STRUCTURE: {
    MULTIPLE_FOLDERS: 'multiple_folders',
    MULTIPLE_FILES: 'multiple_files',
    SINGLE_FILE: 'single_file',
  },
  I18N_FIELD: { TRANSLATE: 'translate', DUPLICATE: 'duplicate', NONE: 'none' },
}));

const { validateConfig } = await import('decap-cms-core/dist/esm/constants/configSchema');

const published = Object.fromEntries(
  languageCodes.map((lng) => [lng, allResources[lng] ?? {}]),
) as unknown as PublishedTexts;

describe('Decap accepts the configuration the editor is made with', () => {
  for (const backend of ['github', 'gitlab', 'forgejo', 'proxy'] as const) {
    it(`with CMS_BACKEND=${backend}`, () => {
      const settings = {
        backend,
        repository: backend === 'proxy' ? null : 'westbridge/website',
        branch: 'main',
        authUrl: 'https://auth.westbridge.example',
        apiUrl: 'https://git.westbridge.example/api/v1',
        appId: 'client-id',
      };
      expect(() => validateConfig(cmsConfig(settings, published, pictureData))).not.toThrow();
    });
  }

  it('refuses what Decap refuses (the check is real)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      validateConfig({ backend: { name: 'proxy' }, media_folder: 'x', collections: [{ name: 'x' }] }),
    ).toThrow(/label/);
  });
});
