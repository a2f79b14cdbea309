import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfProject, type ProjectCopy } from './support/project-copy';

/**
 * The everyday changes of docs/development.md#everyday-changes, each made on a copy of the
 * project as the guide says, then once more with one part left out: the project's own tests
 * pass on the whole change (no test changes when a real change is made) and name the part
 * that is missing. When the project moves on and a change no longer applies, the edit below
 * says which file no longer holds what it looked for.
 */

const languages = ['de', 'en', 'fr'] as const;

/** Leaves `file` out of the copy for one run, then puts it back. */
async function without(copy: ProjectCopy, file: string, run: () => Promise<void>): Promise<void> {
  const text = await copy.read(file);
  await copy.remove(file);
  try {
    await run();
  } finally {
    await copy.write(file, text);
  }
}

/** Takes the key `key` (dotted) out of a JSON file for one run, then puts it back. */
async function withoutKey(copy: ProjectCopy, file: string, key: string, run: () => Promise<void>): Promise<void> {
  const text = await copy.read(file);
  await copy.editJson(file, (json) => {
    const parts = key.split('.');
    const last = parts.pop() ?? '';
    const parent = parts.reduce<Record<string, unknown>>((node, part) => node[part] as Record<string, unknown>, json);
    if (!(last in parent)) throw new Error(`${file} has no ${key}`);
    Reflect.deleteProperty(parent, last);
  });
  try {
    await run();
  } finally {
    await copy.write(file, text);
  }
}

/** A change: a copy made once, the whole change applied, disposed of at the end. */
function onCopy(apply: (copy: ProjectCopy) => Promise<void>): () => ProjectCopy {
  let copy: ProjectCopy | undefined;
  beforeAll(async () => {
    copy = await copyOfProject();
    await apply(copy);
  }, 120_000);
  afterAll(() => copy?.dispose());
  return () => {
    if (!copy) throw new Error('no copy');
    return copy;
  };
}

describe('a new language', () => {
  const lng = 'it';
  const copy = onCopy(async (project) => {
    await project.edit(
      'common/languages.ts',
      /(\{ code: '[a-z]+', name: '[^']+', locale: '[^']+' \},\n)(?!\s*\{ code:)/,
      `$1  { code: '${lng}', name: 'Italiano', locale: 'it-IT' },\n`,
    );
    // The texts, here German's as they stand: the checks look at keys and files, not at the words.
    for (const file of await project.list('src/content/locales/de'))
      await project.write(`src/content/locales/${lng}/${file}`, await project.read(`src/content/locales/de/${file}`));
    await project.write(`src/content/jobs/jobs-${lng}.ts`, await project.read('src/content/jobs/jobs-de.ts'));
    await project.recordPageDates();
  });
  const checks = ['src/content/locales/locales.test.ts', 'src/content/jobs/jobs.test.ts'];

  it('passes the checks when made as the guide says', async () => {
    const run = await copy().test(...checks, 'src/content/locales/page-names.test.ts', 'src/app/page-dates.test.tsx');
    expect(run.passed, run.output).toBe(true);
  });

  it('without one of its locale files, names the file', async () => {
    await without(copy(), `src/content/locales/${lng}/privacy.json`, async () => {
      expect((await copy().test(...checks)).output).toContain(`src/content/locales/${lng}/privacy.json is missing`);
    });
  });

  it('without its job texts, names their file', async () => {
    await without(copy(), `src/content/jobs/jobs-${lng}.ts`, async () => {
      expect((await copy().test(...checks)).output).toContain(`src/content/jobs/jobs-${lng}.ts is missing`);
    });
  });

  it('without its line in the registry, names the files of a language it does not know', async () => {
    const registry = await copy().read('common/languages.ts');
    await copy().edit('common/languages.ts', `  { code: '${lng}', name: 'Italiano', locale: 'it-IT' },\n`, '');
    try {
      const { output } = await copy().test(...checks);
      expect(output).toContain(`src/content/locales/${lng}/ has no entry in common/languages.ts`);
      expect(output).toContain(`src/content/jobs/jobs-${lng}.ts is for no language of common/languages.ts`);
    } finally {
      await copy().write('common/languages.ts', registry);
    }
  });
});

describe('a new page', () => {
  const id = 'partners';
  const copy = onCopy(async (project) => {
    await project.edit(
      'common/site-pages.ts',
      /(\n\s*\{ id: 'about', path: '\/about'[^\n]*\n)/,
      `$1  { id: '${id}', path: '/${id}', sitemap: true, nav: 'main' },\n`,
    );
    const module = await project.read('src/pages/about-page.tsx');
    await project.write(
      `src/pages/${id}-page.tsx`,
      module
        .replaceAll('locales/de/about.json', `locales/de/${id}.json`)
        .replaceAll('about: typeof texts', `${id}: typeof texts`)
        .replaceAll("useTranslation('about')", `useTranslation('${id}')`),
    );
    for (const lng of languages) {
      const texts = await project.read(`src/content/locales/${lng}/about.json`);
      await project.write(
        `src/content/locales/${lng}/${id}.json`,
        texts.replaceAll('common:pages.about', `common:pages.${id}`),
      );
      await project.editJson(`src/content/locales/${lng}/common.json`, (json) => {
        (json.pages as Record<string, string>)[id] = { de: 'Partner', en: 'Partners', fr: 'Partenaires' }[lng];
      });
    }
    await project.recordPageDates();
  });
  const checks = [
    'src/app/page-modules.test.ts',
    'src/content/locales/page-names.test.ts',
    'src/content/locales/locales.test.ts',
    'src/app/page-dates.test.tsx',
  ];

  it('passes the checks when made as the guide says', async () => {
    const run = await copy().test(...checks);
    expect(run.passed, run.output).toBe(true);
  });

  it('without its module, names the module', async () => {
    await without(copy(), `src/pages/${id}-page.tsx`, async () => {
      expect((await copy().test(...checks)).output).toContain(`src/pages/${id}-page.tsx is missing`);
    });
  });

  it('without its texts in one language, names the file', async () => {
    await without(copy(), `src/content/locales/en/${id}.json`, async () => {
      expect((await copy().test(...checks)).output).toContain(`src/content/locales/en/${id}.json is missing`);
    });
  });

  it('without its name in one language, names the key', async () => {
    await withoutKey(copy(), 'src/content/locales/fr/common.json', `pages.${id}`, async () => {
      expect((await copy().test(...checks)).output).toContain(`fr/common.json pages.${id}`);
    });
  });

  it('without its date recorded, names the page', async () => {
    await withoutKey(copy(), 'common/page-dates.json', id, async () => {
      const { output } = await copy().test(...checks);
      expect(output).toContain('npm run page-dates');
      for (const lng of languages) expect(output).toContain(`${id} (${lng})`);
    });
  });
});

describe('a new job (no feed)', () => {
  const job = 'job-004';
  const copy = onCopy(async (project) => {
    await project.edit(
      'src/content/jobs/jobs.ts',
      '] as const satisfies readonly JobFacts[];',
      `  {
    id: '${job}',
    department: 'procurement',
    schedule: 'full-time',
    contract: 'permanent',
    salary: { min: 52_000, max: 64_000, currency: 'EUR', unit: 'YEAR' },
    datePosted: '2026-11-20',
    validThrough: '2027-03-31',
  },
] as const satisfies readonly JobFacts[];`,
    );
    // Its texts in each language: here those of the first job, under a title of its own.
    for (const lng of languages)
      await project.edit(
        `src/content/jobs/jobs-${lng}.ts`,
        'export default jobs;',
        `Object.assign(jobs, { '${job}': { ...jobs['job-001'], title: 'Commodity Buyer (${lng})' } });\n\nexport default jobs;`,
      );
    // The jobs list and the job's own page say something new: their dates change.
    await project.recordPageDates();
  });
  const checks = ['src/content/jobs/jobs.test.ts', 'src/app/page-dates.test.tsx'];

  it('passes the checks when made as the guide says', async () => {
    const run = await copy().test(...checks);
    expect(run.passed, run.output).toBe(true);
  });

  it('without its texts in one language, names the file and the job', async () => {
    const file = 'src/content/jobs/jobs-fr.ts';
    const texts = await copy().read(file);
    await copy().edit(file, /Object\.assign\(jobs, [^\n]*\n/, '');
    try {
      expect((await copy().test(...checks)).output).toContain(`${file} ${job}: missing`);
    } finally {
      await copy().write(file, texts);
    }
  });
});

describe('a new optional contact field', () => {
  const field = 'phone';
  const texts = {
    de: {
      label: 'Telefon',
      privacy: 'Ihre Telefonnummer',
      tooLong: 'Die Telefonnummer darf höchstens {{max}} Zeichen lang sein',
    },
    en: {
      label: 'Phone',
      privacy: 'your phone number',
      tooLong: 'The phone number may be at most {{max}} characters long',
    },
    fr: {
      label: 'Téléphone',
      privacy: 'votre numéro de téléphone',
      tooLong: 'Le numéro de téléphone ne doit pas dépasser {{max}} caractères',
    },
  };
  let migration = '';
  let pageDatesBefore = '';
  const copy = onCopy(async (project) => {
    await project.edit(
      'common/forms/contact-form.ts',
      /(\n\s*subject: textField\([^\n]*\n)/,
      `$1  ${field}: textField({ required: false, max: 40, type: 'tel', autoComplete: 'tel' }),\n`,
    );
    const numbers = (await project.list('server/db/migrations')).map((file) =>
      Number(/^(\d{3})-/.exec(file)?.[1] ?? 0),
    );
    migration = `server/db/migrations/${String(Math.max(...numbers) + 1).padStart(3, '0')}-contact-${field}.ts`;
    await project.write(
      migration,
      `import type { Kysely, Migration } from 'kysely';

/** A contact message may give a phone number. */
export const contactPhone: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('contact_messages').addColumn('${field}', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('contact_messages').dropColumn('${field}').execute();
  },
};
`,
    );
    for (const lng of languages)
      await project.editJson(`src/content/locales/${lng}/contact-form.json`, (json) => {
        (json.fields as Record<string, string>)[field] = texts[lng].label;
        (json.privacy as Record<string, string>)[field] = texts[lng].privacy;
        (json.errors as Record<string, string>)[`${field}TooLong`] = texts[lng].tooLong;
      });
    // The privacy policy now names the field: its date changes.
    pageDatesBefore = await project.read('common/page-dates.json');
    await project.recordPageDates();
  });
  const checks = ['common/forms/form-fields.test.ts', 'server/contact/messages.test.ts'];

  it('passes the checks, the form and the privacy policy when made as the guide says', async () => {
    const run = await copy().test(
      ...checks,
      'src/features/contact/contact-form.test.tsx',
      'src/pages/privacy-page.test.tsx',
      'src/app/page-dates.test.tsx',
    );
    expect(run.passed, run.output).toBe(true);
  });

  it('without its migration, names the column', async () => {
    await without(copy(), migration, async () => {
      const { output } = await copy().test(...checks);
      expect(output).toMatch(new RegExp(`has a column in contact_messages for every field[\\s\\S]*"${field}"`));
    });
  });

  it("without the privacy policy's date recorded, names the policy", async () => {
    const dates = await copy().read('common/page-dates.json');
    await copy().write('common/page-dates.json', pageDatesBefore);
    try {
      const { output } = await copy().test('src/app/page-dates.test.tsx');
      for (const lng of languages) expect(output).toContain(`privacy (${lng})`);
    } finally {
      await copy().write('common/page-dates.json', dates);
    }
  });

  it.each([
    ['its label', 'en', `fields.${field}`],
    ['its wording in the privacy policy', 'fr', `privacy.${field}`],
    ['its error text', 'de', `errors.${field}TooLong`],
  ])('without %s in one language, names the text', async (_part, lng, key) => {
    await withoutKey(copy(), `src/content/locales/${lng}/contact-form.json`, key, async () => {
      expect((await copy().test(...checks)).output).toContain(`${lng}/contact-form.json ${key}`);
    });
  });
});

describe('a new company fact', () => {
  const line = "    fax: line('Fax'),\n";
  const copy = onCopy(async (project) => {
    // Its line in the schema, its value in the data the editor at /admin/ edits.
    await project.edit('common/company-facts.ts', '    representative: line(', `${line}    representative: line(`);
    await project.editJson('common/company.json', (json) => {
      json.fax = '+49 30 23125-199';
    });
    // A text that shows it, in each language.
    for (const lng of languages)
      await project.editJson(`src/content/locales/${lng}/contact.json`, (json) => {
        json.fax = `Fax: {{company.fax}}`;
      });
  });
  const checks = [
    'src/content/locales/text-variables.test.ts',
    'src/content/locales/locales.test.ts',
    'common/company.test.ts',
  ];

  it('passes the checks when made as the guide says', async () => {
    const run = await copy().test(...checks);
    expect(run.passed, run.output).toBe(true);
  });

  it('without its value in common/company.json, names the texts that show it', async () => {
    await withoutKey(copy(), 'common/company.json', 'fax', async () => {
      const { output } = await copy().test(...checks);
      for (const lng of languages) expect(output).toContain(`${lng}/contact.json fax: {{company.fax}} names no fact`);
    });
  });

  it('without its line in the schema, names the fact the schema does not take', async () => {
    const schema = await copy().read('common/company-facts.ts');
    await copy().edit('common/company-facts.ts', line, '');
    try {
      const run = await copy().test(...checks);
      expect(run.passed).toBe(false);
      expect(run.output).toContain('Unrecognized key: "fax"');
    } finally {
      await copy().write('common/company-facts.ts', schema);
    }
  });
});
