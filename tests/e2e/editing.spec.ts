import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { format, resolveConfig } from 'prettier';
import { photoLikeJpeg } from '../../scripts/pictures/photo-like';
import { startEditing, type EditingSetup } from './support/editing';

/**
 * The editor at /admin/ (docs/editing.md), driven in Chromium against decap-server on a clone
 * of the repository: an editor changes texts in three languages, sees them in the site's own
 * preview, saves a branch whose files are as Prettier writes them and pass the content checks,
 * and publishes it; each guard refuses what it must, with its message, and nothing reaches a
 * branch; two editors saving the same text lose nothing. The browser contacts no host but the
 * site and decap-server.
 */
const root = path.resolve(import.meta.dirname, '../..');
// The editor is a large script on a shared machine: answers take longer than the site's.
const expect = baseExpect.configure({ timeout: 20_000 });
let editing: EditingSetup;
const hosts = new Set<string>();
const problems: string[] = [];

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });
test.setTimeout(240_000);

test.beforeAll(async () => {
  editing = await startEditing();
});

test.afterAll(async () => {
  await editing?.stop();
});

/** A browser page that notes every host it contacts and every error, CSP violations included. */
async function editorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1500, height: 1000 } });
  const page = await context.newPage();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http')) hosts.add(url.host);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|violates/.test(message.text()))
      problems.push(message.text());
  });
  // Decap asks before it leaves unsaved changes or restores a backup: these tests always say no.
  page.on('dialog', (dialog) => void dialog.dismiss());
  await page.goto(`${editing.site.url}/admin/`);
  await page.getByRole('button', { name: /login|anmelden/i }).click({ timeout: 60_000 });
  await page.waitForURL(/#\/collections\//, { timeout: 60_000 });
  return page;
}

async function openEntry(page: Page, collection: string, entry: string) {
  await page.goto(`${editing.site.url}/admin/#/collections/${collection}/entries/${entry}`);
  // The editor is 2.7 MB of script and reads three files per entry: on a busy machine that takes a while.
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible({ timeout: 60_000 });
  await expect(field(page, 'lead')).toBeVisible({ timeout: 30_000 });
}

/** The input of the field `name` in the left pane (0, German) or the right one (1). */
const field = (page: Page, name: string, pane: 0 | 1 = 0) => page.locator(`[id^="${name}-field-"]`).nth(pane);

/** Shows another language in the right-hand pane. */
async function showInRightPane(page: Page, lng: string) {
  await page
    .getByRole('button', { name: /^Aktuelle Sprache: / })
    .nth(1)
    .click();
  await page.getByRole('menuitem', { name: lng, exact: true }).click();
  await expect(page.getByRole('button', { name: `Aktuelle Sprache: ${lng.toUpperCase()}` })).toHaveCount(1);
}

/** A file as a branch has it, byte for byte. */
const fileOn = (branch: string, file: string) =>
  execFileSync('git', ['show', `${branch}:${file}`], { cwd: editing.repository, encoding: 'utf8' });
const branches = () =>
  editing
    .git('branch', '--list', 'cms/*')
    .split('\n')
    .map((line) => line.replace(/^[*+ ]+/, ''))
    .filter(Boolean);

async function prettierFormatted(file: string, text: string) {
  const options = { ...(await resolveConfig(path.join(root, file))), filepath: path.join(root, file) };
  return (await format(text, options)) === text;
}

/** npm run check:content on a branch as it is, in a folder of its own. */
function checkContent(branch: string) {
  const checkout = path.join(editing.repository, '..', `checks-${branch.replace(/\W+/g, '-')}`);
  mkdirSync(checkout);
  execFileSync('sh', ['-c', `git archive ${branch} | tar -x -C "${checkout}"`], { cwd: editing.repository });
  symlinkSync(path.join(root, 'node_modules'), path.join(checkout, 'node_modules'));
  try {
    execFileSync('npm', ['run', 'check:content'], { cwd: checkout, stdio: 'pipe', timeout: 240_000 });
  } catch (error) {
    // What the checks said, at the end of their output, as the failure's message.
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`check:content failed on ${branch}:\n${`${stdout ?? ''}${stderr ?? ''}`.slice(-4000)}`);
  }
}

/**
 * Sets an entry "Abgeschlossen" and publishes it: its branch is merged into main. Decap holds the
 * new status only once decap-server has stored it (the button reads "Aktualisieren..." until then),
 * and refuses with an alert to publish before: so this waits for the button to name the status.
 */
async function publish(page: Page) {
  await page.getByRole('button', { name: /^Status: / }).click();
  await page.getByRole('menuitem', { name: 'Abgeschlossen' }).click();
  await expect(page.getByRole('button', { name: 'Status: Abgeschlossen' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
  page.removeAllListeners('dialog');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('menuitem', { name: 'Jetzt veröffentlichen' }).click();
  // Only the question "publish?" was asked, and Decap says it published.
  await expect(page.getByText('Beitrag veröffentlicht').first()).toBeVisible({ timeout: 60_000 });
  expect(dialogs).toEqual(['Soll dieser Beitrag wirklich veröffentlicht werden?']);
}

/** Opens a picture of the "Bilder" entry: its group, then the picture, by their keys in src/content/pictures.json. */
async function openPicture(page: Page, group: string, picture: string) {
  await openPictures(page);
  // Each is a closed group: the button at its top opens it.
  for (const name of [group, picture]) {
    await page.locator(`[id^="${name}-field-"]`).getByRole('button', { name: 'Aufklappen' }).first().click();
  }
}

async function openPictures(page: Page) {
  await page.goto(`${editing.site.url}/admin/#/collections/pictures/entries/pictures`);
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible({ timeout: 60_000 });
}

/** Uploads `file` in the media library the picture's field opens, and takes it. */
async function uploadPicture(page: Page, name: string, bytes: Buffer) {
  await page
    .getByRole('button', { name: /Wähle ein (anderes )?Bild/ })
    .first()
    .click();
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/jpeg', buffer: bytes });
}

const intro = {
  de: 'Wir verbinden Erzeuger in Westafrika mit Abnehmern in Europa – verlässlich, fair und nachvollziehbar.',
  en: 'We connect producers in West Africa with buyers in Europe – reliably, fairly and traceably.',
  fr: 'Nous relions les producteurs d’Afrique de l’Ouest aux acheteurs européens – de façon fiable, équitable et traçable.',
};

test('an editor changes the About intro in three languages, sees the site’s own page, and publishes a checked branch', async ({
  browser,
}) => {
  const page = await editorPage(browser);
  await openEntry(page, 'about', 'about');
  await field(page, 'lead', 0).fill(intro.de);
  await field(page, 'lead', 1).fill(intro.en);
  await showInRightPane(page, 'fr');
  // Typed with a straight apostrophe and a space before the colon's place: the save sets French typography.
  await field(page, 'lead', 1).fill(intro.fr.replaceAll('’', "'"));

  // The preview: the page as the build renders it, with the texts being edited.
  await page.getByRole('button', { name: 'Vorschau', exact: true }).click();
  const preview = page.frameLocator('#preview-pane');
  const built = await (await fetch(`${editing.site.url}/about`)).text();
  const heading = /<h1[^>]*>[\s\S]*?<\/h1>/.exec(built)?.[0];
  expect(heading).toContain('Über uns');
  await expect(preview.locator('h1')).toHaveText('Über uns');
  expect(await preview.locator('h1').evaluate((element) => element.outerHTML)).toBe(heading);
  await expect(preview.getByText(intro.de)).toBeVisible();
  // Light and dark, as the site shows them.
  await preview.getByRole('button', { name: 'Dunkel' }).click();
  await expect(preview.locator('html')).toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen gespeichert')).toBeVisible();
  const branch = 'cms/about/about';
  expect(branches()).toEqual([branch]);
  expect(editing.git('diff', '--name-only', 'main', branch).split('\n').sort()).toEqual([
    'src/content/locales/de/about.json',
    'src/content/locales/en/about.json',
    'src/content/locales/fr/about.json',
  ]);
  for (const lng of ['de', 'en', 'fr'] as const) {
    const file = `src/content/locales/${lng}/about.json`;
    const text = fileOn(branch, file);
    expect((JSON.parse(text) as { lead: string }).lead, lng).toBe(intro[lng]);
    expect(await prettierFormatted(file, text), `${file} as Prettier writes it`).toBe(true);
    // Only the intro changed: every other line is as it was.
    expect(editing.git('diff', '--numstat', 'main', branch, '--', file)).toMatch(/^1\t1\t/);
  }

  // The content checks, on the branch as it is, in a checkout of its own; then publishing merges it.
  checkContent(branch);
  await publish(page);
  await expect.poll(() => branches()).toEqual([]);
  expect((JSON.parse(fileOn('main', 'src/content/locales/fr/about.json')) as { lead: string }).lead).toBe(intro.fr);
});

test('an editor swaps a gallery picture for a photograph, with its credit and focal point', async ({ browser }) => {
  const page = await editorPage(browser);
  await openPicture(page, 'imports', 'cocoa');
  await expect(page.getByText('Leistungen: Galerie der Importwaren').first()).toBeVisible();
  await uploadPicture(page, 'kakao-ernte.jpg', await photoLikeJpeg({ seed: 7 }));
  await page.getByRole('button', { name: 'Ausgewähltes Element verwenden' }).click();
  // The picture's own fields: the only ones shown (the others are in closed groups).
  await page.locator('[id^="credit-field-"]:visible').fill('Foto: Ama Mensah');
  await page.locator('[id^="x-field-"]:visible').fill('30');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen gespeichert')).toBeVisible();

  const branch = 'cms/pictures/pictures';
  expect(editing.git('diff', '--name-only', 'main', branch).split('\n').sort()).toEqual([
    'src/content/images/kakao-ernte.jpg',
    'src/content/pictures.json',
  ]);
  const data = fileOn(branch, 'src/content/pictures.json');
  expect(await prettierFormatted('src/content/pictures.json', data)).toBe(true);
  expect((JSON.parse(data) as { imports: { cocoa: unknown } }).imports.cocoa).toEqual({
    file: 'kakao-ernte.jpg',
    credit: 'Foto: Ama Mensah',
    focus: { x: 30, y: 50 },
  });
  checkContent(branch);
  await publish(page);
  await expect.poll(() => branches()).toEqual([]);
});

test('each guard refuses with its message, and nothing reaches a branch', async ({ browser }) => {
  const page = await editorPage(browser);
  await openEntry(page, 'careers', 'careers');
  const before = branches();
  const refused = async (message: string | RegExp, on: Page = page) => {
    await on.getByRole('button', { name: 'Speichern' }).click();
    await expect(on.getByText(message).first()).toBeVisible();
    expect(branches()).toEqual(before);
  };

  // A dropped placeholder: shown under the input before any save, and the save refused.
  const description = field(page, 'description', 0);
  const published = await description.inputValue();
  await description.fill(published.replace('{{company.shortName}}', 'uns'));
  await refused('Der Platzhalter {{company.shortName}} fehlt');
  await description.fill(published);

  // An empty German text.
  const lead = field(page, 'lead', 0);
  const germanLead = await lead.inputValue();
  await lead.fill('');
  await refused('Vorspann ist erforderlich.');
  await lead.fill(germanLead);

  // A missing French text, in the pane that shows French.
  await showInRightPane(page, 'fr');
  const frenchLead = field(page, 'lead', 1);
  const french = await frenchLead.inputValue();
  await frenchLead.fill('');
  await refused(/Die französische Fassung fehlt\. Jeder Text braucht alle drei Sprachen/);
  await frenchLead.fill(french);

  // A 5,000-character page title.
  const title = field(page, 'title', 0);
  const germanTitle = await title.inputValue();
  await title.fill('x'.repeat(5000));
  await refused(/Der Seitentitel ist 5000 Zeichen lang; Suchmaschinen zeigen nur \d+\./);
  await title.fill(germanTitle);

  // HTML in a text.
  await lead.fill(`${germanLead} <script>alert(1)</script>`);
  await refused(/HTML ist in Texten nicht erlaubt/);
  // A 26 MB picture, and an SVG: refused before anything is saved (in a window of its own: the texts are unsaved).
  const pictures = await editorPage(browser);
  await openPicture(pictures, 'slides', 'harvest');
  pictures.removeAllListeners('dialog');
  // Decap's alert stops the page until it is answered: the upload finishes after it.
  const tooLarge = pictures.waitForEvent('dialog');
  const upload = uploadPicture(pictures, 'riesig.jpg', Buffer.alloc(26_000_000, 1));
  const alert = await tooLarge;
  expect(alert.message()).toContain('Datei zu groß.\nErlaubt sind nur Dateien bis 25000 kB.');
  await alert.dismiss();
  await upload;
  pictures.on('dialog', (dialog) => void dialog.dismiss());
  await pictures.locator('input[type="file"]').setInputFiles({
    name: 'zeichnung.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await pictures.getByRole('button', { name: 'Ausgewähltes Element verwenden' }).click();
  await refused(/zeichnung\.svg: SVG-Dateien nimmt die Redaktion nicht an/, pictures);
});

test('two editors saving the same text: the second sees the conflict, and nothing is lost', async ({ browser }) => {
  const first = await editorPage(browser);
  const second = await editorPage(browser);
  await openEntry(first, 'contact', 'contact');
  await openEntry(second, 'contact', 'contact');
  await field(first, 'lead', 1).fill('Write to us: the first editor’s text.');
  await first.getByRole('button', { name: 'Speichern' }).click();
  await expect(first.getByText('Änderungen gespeichert')).toBeVisible();

  const mine = 'Write to us: the second editor’s text.';
  await field(second, 'lead', 1).fill(mine);
  await second.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    second.getByText(/Jemand anderes hat inzwischen dieselben Texte geändert und gespeichert: lead \(Englisch\)/),
  ).toBeVisible();
  // The first save is on the branch, the second editor's text still in their editor.
  const saved = JSON.parse(fileOn('cms/contact/contact', 'src/content/locales/en/contact.json')) as { lead: string };
  expect(saved.lead).toBe('Write to us: the first editor’s text.');
  await expect(field(second, 'lead', 1)).toHaveValue(mine);
});

test('an editor writes a news entry in German alone: its file and its recorded address reach the branch', async ({
  browser,
}) => {
  const page = await editorPage(browser);
  await page.goto(`${editing.site.url}/admin/#/collections/news/new`);
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible({ timeout: 60_000 });
  await field(page, 'title').fill('Neuer Standort in Hamburg');
  await field(page, 'slug').fill('neuer-standort-in-hamburg');
  await field(page, 'summary').fill('Ab Januar 2027 erreichen Sie uns auch am Hamburger Hafen.');
  await field(page, 'date').fill('2026-12-30T09:00');
  await field(page, 'body').fill(
    'Unser neues Büro liegt am Hafen. Schreiben Sie uns über die [Kontaktseite](/contact).',
  );
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen gespeichert')).toBeVisible();

  const branch = 'cms/news/neuer-standort-in-hamburg';
  expect(editing.git('diff', '--name-only', 'main', branch).split('\n').sort()).toEqual([
    'src/content/news/de/neuer-standort-in-hamburg.md',
    'src/content/news/slugs.json',
  ]);
  const entry = fileOn(branch, 'src/content/news/de/neuer-standort-in-hamburg.md');
  expect(entry).toMatch(/^slug: neuer-standort-in-hamburg$/m);
  expect(entry).toMatch(/^date: 2026-12-30T09:00$/m);
  // The optional fields left empty are not written: the build would refuse them empty.
  expect(entry).not.toMatch(/^(?:updated|author|picture|sources|retracted):/m);
  const slugs = JSON.parse(fileOn(branch, 'src/content/news/slugs.json')) as Record<string, Record<string, string>>;
  expect(slugs.de?.['neuer-standort-in-hamburg']).toBe('neuer-standort-in-hamburg');
  checkContent(branch);
});

test('the browser contacted no host but the site and decap-server, and no policy was violated', () => {
  expect([...hosts].sort()).toEqual([new URL(editing.site.url).host, new URL(editing.backend).host].sort());
  expect(problems).toEqual([]);
});

test('the repository’s own files were left as they are', () => {
  expect(readFileSync(path.join(root, 'src/content/locales/de/about.json'), 'utf8')).not.toContain(intro.de);
});
