import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { apiPaths, apiPrefix } from './common/api-paths.ts';
import { languageCodes } from './common/languages.ts';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// Every internal link is made from the page registry, in the language of the page shown.
const writtenPageLinks = [
  "JSXAttribute[name.name='href'] > Literal[value=/^\\//]",
  "JSXAttribute[name.name='href'] > JSXExpressionContainer > TemplateLiteral > TemplateElement.quasis:first-child[value.raw=/^\\//]",
  "JSXAttribute[name.name='href'] > JSXExpressionContainer > Literal[value=/^\\//]",
].map((selector) => ({
  selector,
  message: 'Link to a page with usePageHref() (or ButtonLink, TextLink, pageLink with a page id), not a written path.',
}));

// One fact, one place: a language code and an endpoint's address are written once, in their registries.
const codes = `^(?:${languageCodes.join('|')})$`;
const endpoints = `^(?:${[...Object.values(apiPaths), apiPrefix.replace(/\/$/, '')].map(escape).join('|')})(?:[/?#]|$)`;
const copiedFacts = [
  ...[
    `Literal[value=/${codes}/]`,
    `TemplateElement[value.raw=/${codes}/]`,
    `Property > Identifier.key[name=/${codes}/]`,
  ].map((selector) => ({
    selector,
    message:
      'A language code written out: take it from common/languages.ts (defaultLanguage, languageCodes, findLanguage, usePageLanguage()).',
  })),
  ...[`Literal[value=/${endpoints}/]`, `TemplateElement[value.raw=/${endpoints}/]`].map((selector) => ({
    selector,
    message: 'An endpoint written out: take its address from common/api-paths.ts.',
  })),
];

// Page assembly puts outside data (a feed's job titles, settings) into pages: a replacement string would
// expand `$&`, `$'` and `` $` `` in it, so a replacement is a literal or a function, never a value made at run time.
const replacementStrings = [
  {
    selector:
      'CallExpression[callee.property.name=/^replace(All)?$/] > :not(Literal, ArrowFunctionExpression, FunctionExpression, TemplateLiteral[expressions.length=0]).arguments:nth-child(2)',
    message:
      "Give replace() a replacer function (() => value): a replacement string expands $&, $` and $' in the value.",
  },
];

// The server's direction: the ground (storage, HTTP, the queue, mail, privacy, the double opt-in,
// the HTML documents, the settings, and the modules at server/'s root) serves the domains and
// imports none of them; a domain imports no other domain, only the ground; app.ts and the
// command-line entry points wire them. Tests belong to their folder, and may also use the wiring.
const serverGround = ['db', 'http', 'queue', 'mail', 'privacy', 'opt-in', 'documents', 'config'];
const serverDomains = ['contact', 'newsletter', 'jobs', 'pages', 'consent', 'metrics', 'background', 'admin'];
const serverWiring = [
  'app.ts',
  'index.ts',
  'serve.ts',
  'dev.ts',
  'write-site.ts',
  'queue-command.ts',
  'newsletter-export.ts',
  'workers.ts',
  'operator-commands.ts',
];
const serverEntries = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true });
const unplaced = serverEntries.filter(
  (entry) => entry.isDirectory() && ![...serverGround, ...serverDomains, 'test'].includes(entry.name),
);
if (unplaced.length > 0) {
  throw new Error(
    `server/${unplaced[0].name}/ is placed nowhere: add it to serverGround or serverDomains in eslint.config.js`,
  );
}
const rootModules = serverEntries
  .filter((entry) => entry.isFile() && /(?<!\.test)\.ts$/.test(entry.name) && !serverWiring.includes(entry.name))
  .map((entry) => entry.name.replace(/\.ts$/, ''));
const anyOf = (names) => (names.length === 1 ? names[0] : `{${names.join(',')}}`);
/** A folder's modules without its tests. */
const codeIn = (folder) => `${folder}/**/!(*.test).ts`;
const serverZones = [
  {
    target: [`./server/${anyOf(serverGround)}/**`, `./server/${anyOf(rootModules)}.ts`],
    from: serverDomains.map((domain) => `./server/${domain}`),
    message:
      'The ground never imports a domain: move the shared piece down into the ground, or take it as a parameter.',
  },
  ...serverDomains.map((domain) => ({
    target: `./server/${domain}`,
    from: serverDomains.filter((other) => other !== domain).map((other) => `./server/${other}`),
    message: 'Domains stay independent: share through the ground, or let app.ts wire them together.',
  })),
  {
    target: [
      codeIn(`./server/${anyOf(serverGround)}`),
      codeIn(`./server/${anyOf(serverDomains)}`),
      `./server/${anyOf(rootModules)}.ts`,
    ],
    from: [...serverWiring.map((file) => `./server/${file}`), './server/test'],
    message: 'Only the entry points and tests use the wiring and the test helpers.',
  },
  {
    // A migration means the same forever: what it takes from live code, it keeps a frozen copy of.
    target: codeIn('./server/db/migrations'),
    from: './server',
    except: ['./db/migrations', './db/schema.ts'],
    message: 'A migration imports only kysely, the database types and earlier migrations: freeze a copy of the rest.',
  },
  {
    target: codeIn('./server/db/migrations'),
    from: ['./common', './src'],
    message: 'A migration imports only kysely, the database types and earlier migrations: freeze a copy of the rest.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'test-results', 'playwright-report', 'data', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      'no-restricted-syntax': ['error', ...writtenPageLinks, ...copiedFacts],
    },
  },
  {
    files: ['common/**/*.ts', 'server/**/*.ts', 'scripts/**/*.ts', '*.config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...copiedFacts] },
  },
  {
    files: [
      'server/pages/**/*.ts',
      'server/documents/**/*.ts',
      'server/jobs/**/*.ts',
      'common/page-*.ts',
      'common/served-settings.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...copiedFacts, ...replacementStrings] },
  },
  {
    // The registries themselves, and tests, which state the contract they check.
    files: [
      'common/languages.ts',
      'common/api-paths.ts',
      '**/*.test.{ts,tsx}',
      '**/*.fixtures.ts',
      'src/test/**',
      'server/test/**',
      'tests/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Code flows one way: shared (common, components, hooks, content) → features → app and pages;
    // no feature imports another; the server and common never import the browser's code (the server reads the locale files).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features stay independent: share through common/, src/components or src/hooks.',
            })),
            {
              target: ['./common', './src/components', './src/hooks', './src/content'],
              from: ['./src/features', './src/app', './src/pages'],
              message: 'Shared code does not depend on features or the app.',
            },
            {
              target: './src/features',
              from: ['./src/app', './src/pages'],
              message: 'Features do not depend on the app.',
            },
            {
              target: './common',
              from: './src',
              message: 'Common code does not import the browser’s code.',
            },
            {
              // The texts of the mails are in the locale files, where every text is checked.
              target: './server',
              from: './src',
              except: ['./content/locales'],
              message: 'The server does not import the browser’s code; only the locale files.',
            },
            { target: './common', from: './server', message: 'Common code does not import the server.' },
            ...serverZones,
          ],
        },
      ],
    },
  },
);
