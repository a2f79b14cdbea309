/**
 * How the editor at /admin/ groups the site's texts: as an editor looks for them, by page and
 * by what they are, not by file. Each group lists namespaces of src/content/locales/; a
 * namespace no group names appears under "Weitere Texte" (cms-config.ts), so a new one is
 * editable without a line here. The editor's interface is German, so are these labels.
 */
export interface EditorGroup {
  /** Decap's collection name: a–z and hyphens. */
  name: string;
  label: string;
  /** Shown above the group's entries. */
  description?: string;
  namespaces: readonly string[];
  /**
   * The texts are shown, not edited (the legal pages: docs/decisions/0057-git-based-cms.md and
   * docs/editing.md say why and how they are changed).
   */
  readOnly?: boolean;
}

export const editorGroups: readonly EditorGroup[] = [
  { name: 'home', label: 'Startseite', namespaces: ['home', 'carousel'] },
  { name: 'about', label: 'Über uns', namespaces: ['about'] },
  {
    name: 'services',
    label: 'Leistungen',
    description: 'Die Übersicht der Leistungen mit den Galerien und jede Leistungsseite.',
    namespaces: ['services', 'procurement', 'logistics', 'import-export'],
  },
  {
    name: 'careers',
    label: 'Karriere',
    description:
      'Karriereseite, Bewerbungsablauf und die Texte rund um die Stellen. Die Stellen selbst kommen aus Personio.',
    namespaces: ['careers', 'application-process', 'jobs'],
  },
  { name: 'contact', label: 'Kontakt', namespaces: ['contact', 'contact-form'] },
  {
    name: 'layout',
    label: 'Kopf- und Fußzeile',
    description: 'Navigation, Fußzeile und Texte, die auf jeder Seite stehen.',
    namespaces: ['common'],
  },
  { name: 'consent', label: 'Cookie-Banner', namespaces: ['consent'] },
  {
    name: 'newsletter',
    label: 'Newsletter',
    namespaces: ['newsletter', 'newsletter-confirm', 'newsletter-unsubscribe'],
  },
  {
    name: 'mails',
    label: 'E-Mails',
    description: 'Die Mails, die die Website an Besucher und an das Unternehmen schickt.',
    namespaces: ['mail'],
  },
  {
    name: 'legal',
    label: 'Rechtliches',
    description:
      'Datenschutzerklärung, Nutzungsbedingungen und Impressum beschreiben, was die Website und das Unternehmen tatsächlich tun; ' +
      'sie werden aus den Firmendaten und den Einstellungen der Website erzeugt. Hier können Sie sie lesen. ' +
      'Die Firmendaten darin (Anschrift, Registerdaten, Geschäftsführung, Datenschutzbeauftragte) ändern Sie unter „Firmendaten“: Sie erscheinen hier von selbst. ' +
      'Eine Änderung des Wortlauts geht über die Entwicklung und wird von der für den Datenschutz verantwortlichen Person geprüft, bevor sie veröffentlicht wird (siehe Anleitung).',
    namespaces: ['privacy', 'terms', 'legal'],
    readOnly: true,
  },
  {
    name: 'other',
    label: 'Weitere Seiten',
    namespaces: ['sitemap', 'form-result', 'pictures'],
  },
];

/** Where the namespaces no group names go. */
export const otherTextsGroup: EditorGroup = { name: 'more', label: 'Weitere Texte', namespaces: [] };
