/**
 * The editor's interface in German: Decap's German phrases (decap-cms-locales) with what they
 * lack, which would otherwise show as its keys ("editor.editorWidgets.object.expand", the name a
 * screen reader reads for a button). german-interface.test.ts fails when a Decap upgrade brings an
 * English phrase this has no German for. The notes pane is not used (`editor.notes` is off).
 */
// The ESM files themselves: the package's main is a browser bundle that tests cannot load.
import de from 'decap-cms-locales/dist/esm/de/index.js';
import en from 'decap-cms-locales/dist/esm/en/index.js';

type Phrases = { [key: string]: string | Phrases };

const added: Phrases = {
  collection: {
    collectionTop: { viewAsList: 'Als Liste anzeigen', viewAsGrid: 'Als Raster anzeigen' },
    entries: { unpublishedHeader: 'Unveröffentlichte Beiträge' },
  },
  editor: {
    editorControl: { field: { widgetLabel: 'Feld %{widgetLabel}' } },
    editorInterface: { toggleNotes: 'Notizen ein- oder ausblenden' },
    editorWidgets: {
      image: {
        chooseMultiple: 'Bilder wählen',
        addMore: 'Weitere Bilder hinzufügen',
        removeAll: 'Alle Bilder entfernen',
      },
      file: {
        chooseMultiple: 'Dateien wählen',
        addMore: 'Weitere Dateien hinzufügen',
        removeAll: 'Alle Dateien entfernen',
      },
      datetime: { setToNow: '%{fieldLabel} auf jetzt setzen' },
      object: { expand: 'Aufklappen', collapse: 'Zuklappen' },
    },
  },
  mediaLibrary: { mediaLibraryModal: { close: 'Schließen' } },
  ui: { settingsDropdown: { account: 'Konto' } },
};

/** `base` with `more` laid over it, key by key. */
function merged(base: Phrases, more: Phrases): Phrases {
  const result: Phrases = { ...base };
  for (const [key, value] of Object.entries(more)) {
    const under = result[key];
    result[key] = typeof value === 'object' && typeof under === 'object' ? merged(under, value) : value;
  }
  return result;
}

/** Decap's German, completed; where even that has no phrase (the unused notes), its English. */
export const germanInterface: Phrases = merged(merged(en as Phrases, de as Phrases), added);

/** The phrases English has and Decap's German with ours lacks, as dotted keys. */
export function missingPhrases(notUsed: readonly string[] = []): string[] {
  const missing: string[] = [];
  const walk = (english: Phrases, german: Phrases | undefined, prefix: string) => {
    for (const [key, value] of Object.entries(english)) {
      const path = `${prefix}${key}`;
      if (notUsed.some((unused) => path.startsWith(unused))) continue;
      if (typeof value === 'object')
        walk(value, typeof german?.[key] === 'object' ? german[key] : undefined, `${path}.`);
      else if (typeof german?.[key] !== 'string') missing.push(path);
    }
  };
  walk(en as Phrases, merged(de as Phrases, added), '');
  return missing;
}
