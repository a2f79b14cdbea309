/**
 * The editor at /admin/: Decap CMS with the site's texts, guards and previews
 * (docs/decisions/0057-git-based-cms.md, docs/editing.md). The page that loads this
 * (server/admin/admin-page.ts) carries the deployment's settings as JSON; without settings it
 * says that editing is not set up and loads no script.
 */
import {
  DecapCmsCore as CMS,
  type CmsConfig,
  type CmsWidgetControlProps,
  type PreviewTemplateComponentProps,
} from 'decap-cms-core';
import { ForgejoBackend } from 'decap-cms-backend-forgejo';
import { GitHubBackend } from 'decap-cms-backend-github';
import { GitLabBackend } from 'decap-cms-backend-gitlab';
import { ProxyBackend } from 'decap-cms-backend-proxy';
import DatetimeWidget from 'decap-cms-widget-datetime';
import ImageWidget from 'decap-cms-widget-image';
import ListWidget from 'decap-cms-widget-list';
import ObjectWidget from 'decap-cms-widget-object';
import SelectWidget from 'decap-cms-widget-select';
import NumberWidget from 'decap-cms-widget-number';
import StringWidget from 'decap-cms-widget-string';
import TextWidget from 'decap-cms-widget-text';
import type { ComponentType } from 'react';
import type { CmsSettings } from '../../common/cms-settings';
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { loadAllIslands } from '../app/islands';
import siteStyles from '../app/styles.css?url';
import { allResources } from '../content/locales/all-resources';
import { companyFactsSchema } from '../../common/company-facts';
import { pictureDataFile } from '../content/picture-data';
import pictureData from '../content/pictures.json' with { type: 'json' };
import { checkedPictures } from './picture-check';
import { cmsConfig, companyFactsFile, limitOf, type PublishedTexts, type TextValue } from './cms-config';
import { schemaProblems } from './schema-fields';
import { withLocaleFiles } from './locale-files';
import { pagePreview, previewPageOf, resourcesOf } from './page-preview';
import { entryProblems } from './save-check';
import { newsProblems } from './news-collection';
import { germanInterface } from './german-interface';
import { guardedControl, ShownControl, type ControlProps } from './widgets';

type PreviewTemplate = ComponentType<PreviewTemplateComponentProps>;

/** The JSON the admin page carries its settings in. */
const settingsElement = document.getElementById('cms-settings');
const settings = JSON.parse(settingsElement?.textContent ?? 'null') as CmsSettings | null;

const published = Object.fromEntries(
  languageCodes.map((lng) => [lng, allResources[lng] ?? {}]),
) as unknown as PublishedTexts;

if (settings) {
  CMS.registerBackend('github', withLocaleFiles(GitHubBackend));
  CMS.registerBackend('gitlab', withLocaleFiles(GitLabBackend));
  CMS.registerBackend('forgejo', withLocaleFiles(ForgejoBackend));
  CMS.registerBackend('proxy', withLocaleFiles(ProxyBackend));
  const widgets = [
    StringWidget,
    TextWidget,
    ListWidget,
    ObjectWidget,
    ImageWidget,
    SelectWidget,
    DatetimeWidget,
    NumberWidget,
  ];
  for (const widget of widgets) CMS.registerWidget(widget.Widget());
  // Decap types its controls' props loosely (Immutable maps); ours say what they read.
  const control = (name: string) => CMS.getWidget(name)?.control as unknown as ComponentType<ControlProps>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any control, whatever props it declares
  const asDecap = (component: ComponentType<any>) => component as ComponentType<CmsWidgetControlProps>;
  CMS.registerWidget('guarded-string', asDecap(guardedControl(control('string'), published)));
  CMS.registerWidget('guarded-text', asDecap(guardedControl(control('text'), published)));
  CMS.registerWidget('shown', asDecap(ShownControl));
  CMS.registerLocale(defaultLanguage, germanInterface);

  CMS.registerPreviewStyle(siteStyles);
  const islands = await loadAllIslands();
  const resources = resourcesOf(published);
  for (const ns of Object.keys(published[defaultLanguage])) {
    const page = previewPageOf(ns);
    if (page) CMS.registerPreviewTemplate(ns, pagePreview(page, resources, islands) as unknown as PreviewTemplate);
  }

  // Before a save leaves the browser: every text of the entry in every language (save-check.ts).
  CMS.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      if (entry.get('path') === pictureDataFile) {
        const { data, problems } = checkedPictures(entry.get('data'), pictureData);
        if (problems.length > 0) throw new Error(`Nicht gespeichert. ${problems.join(' ')}`);
        return data;
      }
      if (entry.get('path') === companyFactsFile) {
        // An officer's fields left empty mean "none named": null, as the schema and the privacy policy read it.
        const officer = (
          entry.getIn(['data', 'dataProtectionOfficer']) as { toJS(): unknown } | null | undefined
        )?.toJS() as Record<string, string | undefined> | undefined;
        const none = !officer || Object.values(officer).every((value) => !value?.trim());
        const data = none ? entry.get('data').set('dataProtectionOfficer', null) : entry.get('data');
        const problems = schemaProblems(companyFactsSchema, data?.toJS());
        if (problems.length > 0) throw new Error(`Nicht gespeichert. ${problems.join(' ')}`);
        return data;
      }
      if (entry.get('collection') === 'news') {
        const problems = newsProblems(
          Object.fromEntries(
            languageCodes.map((lng) => [
              lng,
              (lng === defaultLanguage ? entry.get('data') : entry.getIn(['i18n', lng, 'data']))?.toJS(),
            ]),
          ),
        );
        if (problems.length > 0) throw new Error(`Nicht gespeichert. ${problems.join(' ')}`);
        return undefined;
      }
      const ns = entry.get('slug') as string;
      if (!(ns in published[defaultLanguage])) return undefined;
      const texts = Object.fromEntries(
        languageCodes.map((lng) => [
          lng,
          (lng === defaultLanguage ? entry.get('data') : entry.getIn(['i18n', lng, 'data']))?.toJS() ?? {},
        ]),
      ) as Record<Language, TextValue>;
      const problems = entryProblems(ns, texts, published, limitOf);
      if (problems.length > 0) throw new Error(`Nicht gespeichert. ${problems.join(' ')}`);
      return undefined;
    },
  });

  CMS.init({ config: cmsConfig(settings, published, pictureData) as CmsConfig });
}
