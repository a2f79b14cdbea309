/**
 * A copy of the project whose pictures are photographs, as a company would make it: each
 * photograph put into src/content/images and named in src/content/pictures.json.
 * For the tests and the bench, which build the copy beside the project itself.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatJsonFile } from '../../common/json-file.ts';
import { pictureDataFile, type PictureData, type PictureGroup } from '../../src/content/picture-data.ts';
import { photoLikeJpeg } from './photo-like.ts';

export interface PhotoSwap {
  /** Where src/content/pictures.json names the picture: its group and id. */
  group: PictureGroup;
  id: string;
  /** The file it names now, in src/content/images. */
  from: string;
  /** The photograph's file name that takes its place. */
  to: string;
}

const galleries: Record<'imports' | 'exports', [string, string][]> = {
  imports: [
    ['cocoa', 'cocoa'],
    ['cashew', 'cashew'],
    ['ginger', 'ginger'],
    ['sesame', 'sesame'],
    ['moringa', 'moringa'],
  ],
  exports: [
    ['automobiles', 'automobile'],
    ['laptops', 'laptop'],
    ['desktops', 'desktop'],
    ['printers', 'printer'],
    ['tractors', 'tractor'],
    ['combineHarvesters', 'combine-harvester'],
    ['seedDrills', 'seed-drill'],
    ['irrigation', 'irrigation'],
    ['processingMachines', 'processing-machine'],
  ],
};

/** Every slide and gallery picture and each service page's picture (21 photographs). */
export const everyPhotograph: PhotoSwap[] = [
  ...['harvest', 'port', 'machinery', 'technology'].map((id) => ({
    group: 'slides' as const,
    id,
    from: `slide-${id}.svg`,
    to: `slide-${id}.jpg`,
  })),
  ...(['imports', 'exports'] as const).flatMap((group) =>
    galleries[group].map(([id, name]) => ({ group, id, from: `${name}.svg`, to: `${name}.jpg` })),
  ),
  { group: 'pageHeaders', id: 'procurement', from: 'slide-harvest.svg', to: 'procurement.jpg' },
  { group: 'pageHeaders', id: 'logistics', from: 'slide-port.svg', to: 'logistics.jpg' },
  { group: 'pageHeaders', id: 'import-export', from: 'slide-machinery.svg', to: 'import-export.jpg' },
];

/** What a build of the project needs (.gitignore: Tailwind looks for classes in files git would keep); node_modules is linked, not copied. */
const projectFiles = [
  '.gitignore',
  // The editor formats news files as Prettier does, with the project's options (src/admin/news-collection.ts).
  '.prettierrc.json',
  'index.html',
  'package.json',
  'vite.config.ts',
  'vite.server.config.ts',
  'vite.admin.config.ts',
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

/** Puts a photograph-like JPEG in place of each picture (seeded by its position) and names it in src/content/pictures.json. */
export async function usePhotographs(projectDir: string, swaps: readonly PhotoSwap[]): Promise<void> {
  const dataFile = path.join(projectDir, pictureDataFile);
  const data = JSON.parse(await readFile(dataFile, 'utf8')) as PictureData;
  for (const [index, swap] of swaps.entries()) {
    await writeFile(path.join(projectDir, 'src/content/images', swap.to), await photoLikeJpeg({ seed: index + 1 }));
    const entry = data[swap.group][swap.id];
    if (entry?.file !== swap.from)
      throw new Error(`${pictureDataFile} names no ${swap.from} for ${swap.group}.${swap.id}`);
    entry.file = swap.to;
  }
  await writeFile(dataFile, formatJsonFile(data));
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
