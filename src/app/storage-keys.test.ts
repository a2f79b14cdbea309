import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { languageStorageKey } from '../../common/languages';
import { siteService } from '../../common/services';
import * as storageKeys from '../../common/storage-keys';

/*
 * Every key the browser's code reads or writes in local or session storage is named in
 * common/storage-keys.ts (or, the language's, in common/languages.ts), and every key named there
 * is an entry of the registry the cookie settings and the privacy policy are made from
 * (common/services.ts). So a new key that is not in the registry fails one of the two tests.
 */

const root = path.resolve(import.meta.dirname, '../..');
const keyModules = new Set(['common/storage-keys.ts', 'common/languages.ts'].map((file) => path.join(root, file)));
const registered = new Set<string>(siteService.entries.map((entry) => entry.name));

const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(stringsOf)
      : [];

it('lists every key of common/storage-keys.ts and the language key in the registry', () => {
  const keys = [...stringsOf(storageKeys), languageStorageKey];
  expect(keys.filter((key) => !registered.has(key))).toEqual([]);
});

/** Where each `getItem`/`setItem` of a Storage in src/ takes its key from, when that is not a key module. */
function keysFromElsewhere(): string[] {
  const files = globSync('src/**/*.{ts,tsx}', { cwd: root })
    .filter((file) => !/\.test\.tsx?$|(^|\/)test\//.test(file))
    .map((file) => path.join(root, file))
    .filter((file) => /storage/i.test(readFileSync(file, 'utf8')));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const declaredIn = (node: ts.Node): ts.Declaration[] => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.declarations ?? [];
  };
  const fromKeyModule = (declaration: ts.Declaration): boolean => {
    if (keyModules.has(path.resolve(declaration.getSourceFile().fileName))) return true;
    // A parameter is a key when its type is made from a key module's names (`keyof typeof newsletterFlags`), or names a type that is.
    const type = ts.isParameter(declaration) || ts.isTypeAliasDeclaration(declaration) ? declaration.type : undefined;
    if (!type) return false;
    let typed = false;
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && declaredIn(node).some(fromKeyModule)) typed = true;
      node.forEachChild(visit);
    };
    visit(type);
    return typed;
  };

  const problems: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['getItem', 'setItem'].includes(node.expression.name.text) &&
        checker.getNonNullableType(checker.getTypeAtLocation(node.expression.expression)).getSymbol()?.name ===
          'Storage'
      ) {
        const [key] = node.arguments;
        if (key && !declaredIn(key).some(fromKeyModule)) {
          const { line } = ts.getLineAndCharacterOfPosition(node.getSourceFile(), key.getStart());
          problems.push(`${path.relative(root, file)}:${line + 1}: ${key.getText()}`);
        }
      }
      node.forEachChild(visit);
    };
    if (source) visit(source);
  }
  return problems;
}

it('takes every storage key the browser code uses from common/storage-keys.ts, where the registry lists it', () => {
  expect(
    keysFromElsewhere(),
    'name the key in common/storage-keys.ts and add its entry to common/services.ts (with its texts in consent.json)',
  ).toEqual([]);
}, 60_000);
