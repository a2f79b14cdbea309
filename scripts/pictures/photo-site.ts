/**
 * A copy of the project whose pictures are photographs, as a company would make it: each
 * photograph put into src/content/images and its one line changed where the picture is named.
 * For the tests and the bench, which build the copy beside the project itself.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { photoLikeJpeg } from './photo-like.ts';

export interface PhotoSwap {
  /** The module that names the picture, from the project's root. */
  module: string;
  /** The file it names now, in src/content/images. */
  from: string;
  /** The photograph's file name that takes its place. */
  to: string;
}

const slides = 'src/features/carousel/slides.ts';
const goods = 'src/content/goods.ts';
const pagePictures = 'src/content/page-pictures.ts';

/** Every slide and gallery picture and each service page's picture (21 photographs). */
export const everyPhotograph: PhotoSwap[] = [
  ...['slide-harvest', 'slide-port', 'slide-machinery', 'slide-technology'].map((name) => ({
    module: slides,
    from: `${name}.svg`,
    to: `${name}.jpg`,
  })),
  ...[
    'cocoa',
    'cashew',
    'ginger',
    'sesame',
    'moringa',
    'automobile',
    'laptop',
    'desktop',
    'printer',
    'tractor',
    'combine-harvester',
    'seed-drill',
    'irrigation',
    'processing-machine',
  ].map((name) => ({ module: goods, from: `${name}.svg`, to: `${name}.jpg` })),
  { module: pagePictures, from: 'slide-harvest.svg', to: 'procurement.jpg' },
  { module: pagePictures, from: 'slide-port.svg', to: 'logistics.jpg' },
  { module: pagePictures, from: 'slide-machinery.svg', to: 'import-export.jpg' },
];

/** What a build of the project needs (.gitignore: Tailwind looks for classes in files git would keep); node_modules is linked, not copied. */
const projectFiles = [
  '.gitignore',
  'index.html',
  'package.json',
  'vite.config.ts',
  'vite.server.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.node.json',
  'src',
  'common',
  'scripts',
  'server',
  'public',
];

/** Copies the project at `root` into a new temporary folder and returns that folder. */
export async function copyProject(root: string, prefix = 'photo-site-'): Promise<string> {
  const target = await mkdtemp(path.join(os.tmpdir(), prefix));
  for (const entry of projectFiles) {
    await cp(path.join(root, entry), path.join(target, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}node_modules`),
    });
  }
  await symlink(path.join(root, 'node_modules'), path.join(target, 'node_modules'), 'dir');
  return target;
}

/** Puts a photograph-like JPEG in place of each picture (seeded by its position) and changes the line naming it. */
export async function usePhotographs(projectDir: string, swaps: readonly PhotoSwap[]): Promise<void> {
  for (const [index, swap] of swaps.entries()) {
    await writeFile(path.join(projectDir, 'src/content/images', swap.to), await photoLikeJpeg({ seed: index + 1 }));
    const module = path.join(projectDir, swap.module);
    const text = await readFile(module, 'utf8');
    const named = `/images/${swap.from}?picture=`;
    if (!text.includes(named)) throw new Error(`${swap.module} names no picture ${swap.from}`);
    await writeFile(module, text.replace(named, `/images/${swap.to}?picture=`));
  }
}

/** Runs `npm run build` (or another build command) in `projectDir`; resolves with its output, rejects with it when it fails. */
export function buildProject(
  projectDir: string,
  env: Record<string, string> = {},
  [command, ...args]: readonly string[] = ['npm', 'run', 'build'],
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command ?? 'npm', args, {
      cwd: projectDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
  });
}
