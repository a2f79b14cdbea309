/**
 * German labels for the keys the texts use most, so a field reads "Überschrift", not "title".
 * Labels only: a key missing here is shown by its name, and the German text beside it says
 * what it is. Keys are the locale files' own; nothing here decides which keys exist.
 */
const labels: Record<string, string> = {
  title: 'Überschrift',
  text: 'Text',
  intro: 'Einleitung',
  description: 'Beschreibung',
  alt: 'Bildbeschreibung (für Screenreader und Suchmaschinen)',
  items: 'Einträge',
  name: 'Name',
  meta: 'Suchmaschinen: Seitentitel und Beschreibung',
  lead: 'Vorspann',
  points: 'Punkte',
  label: 'Beschriftung',
  link: 'Link',
  eyebrow: 'Dachzeile',
  action: 'Schaltfläche',
  button: 'Schaltfläche',
  paragraphs: 'Absätze',
  cta: 'Aufruf am Seitenende',
  benefits: 'Vorteile',
  steps: 'Schritte',
  details: 'Angaben',
  overview: 'Überblick',
  offerings: 'Angebot',
  process: 'Ablauf',
  assurance: 'Zusagen',
  hero: 'Bühne',
  slides: 'Folien',
  footer: 'Fußzeile',
  nav: 'Navigation',
  pages: 'Seitennamen',
  errors: 'Fehlermeldungen',
  fields: 'Felder',
  email: 'E-Mail',
  subject: 'Betreff',
  message: 'Nachricht',
  phone: 'Telefon',
  address: 'Anschrift',
  one: 'Einzahl',
  other: 'Mehrzahl',
  imports: 'Galerie: Importwaren',
  exports: 'Galerie: Exportwaren',
  pageHeader: 'Bilder neben dem Seitentitel',
};

/** The label of a key: German where known, else the key split into words ("allServices" → "all services"). */
export function fieldLabel(key: string): string {
  return (
    labels[key] ??
    key
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[-_]/g, ' ')
      .toLowerCase()
  );
}
