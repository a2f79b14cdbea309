/**
 * Vite plugin: `import cocoa from './images/cocoa.jpg?picture=gallery'` gives a Picture
 * (src/components/picture.ts) whose files the build makes with sharp (make-pictures.ts) and
 * emits under assets/ with their content's hash, so they are cached forever like every asset.
 * The development server keeps the made files in memory and serves them at the same addresses.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { isPictureLayoutName, pictureLayouts, type Picture } from '../../src/components/picture.ts';
import { pictureCacheDir } from './picture-cache.ts';
import { PictureError } from './picture-source.ts';
import { makePicture, type MadePicture } from './make-pictures.ts';
import { contentPicturesCode, contentPicturesModule } from './content-pictures.ts';
import { pictureDataFile } from '../../src/content/picture-data.ts';

const pictureQuery = /[?&]picture=([^&]*)/;
/** The point a photograph's crop keeps, in percent from the left and the top (src/content/pictures.json). */
const focusQuery = /[?&]focus=(\d{1,3}),(\d{1,3})(?:&|$)/;
const resolvedContentPictures = `\0${contentPicturesModule}`;

/** At most this many pictures are made at once: each one already keeps the machine's cores busy. */
function limiter(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

function srcset(picture: MadePicture, format: string, url: (fileName: string) => string): string {
  return picture.variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${url(variant.fileName)} ${variant.width}w`)
    .join(', ');
}

/** What the page receives: addresses, the intrinsic size, and while prerendering the source file. */
export function pictureModule(picture: MadePicture, url: (fileName: string) => string, prerendering: boolean): Picture {
  const isPhotograph = picture.kind === 'photograph';
  return {
    layout: picture.layout,
    src: url(picture.src),
    width: picture.width,
    height: picture.height,
    ...(isPhotograph ? { srcset: srcset(picture, 'jpeg', url) } : {}),
    sources: isPhotograph
      ? [
          { type: 'image/avif', srcset: srcset(picture, 'avif', url) },
          { type: 'image/webp', srcset: srcset(picture, 'webp', url) },
        ]
      : [],
    ...(prerendering ? { file: picture.file } : {}),
  };
}

export function pictures(): Plugin {
  let root = process.cwd();
  let base = '/';
  let building = false;
  let log: (message: string) => void = () => {};
  const limit = limiter(2);
  /** Photographs of this build: made now, or read from the cache. */
  const counts = { made: 0, cached: 0 };
  /** Development: the made files by address. */
  const served = new Map<string, Buffer>();

  return {
    name: 'westbridge-pictures',
    // Before Vite's own asset handling, which would otherwise take any .svg or .jpg import.
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      base = config.base;
      building = config.command === 'build';
      log = (message) => config.logger.info(message);
    },
    buildStart() {
      counts.made = counts.cached = 0;
    },
    buildEnd() {
      if (building && counts.made + counts.cached > 0)
        log(`Photographs: ${counts.made} made, ${counts.cached} from the cache (${pictureCacheDir(root)}).`);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = served.get(new URL(request.url ?? '/', 'http://localhost').pathname);
        if (!file) return next();
        const type = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', svg: 'image/svg+xml' }[
          path.extname(request.url ?? '').slice(1)
        ];
        response.setHeader('content-type', type ?? 'application/octet-stream');
        response.end(file);
      });
    },
    resolveId(id) {
      return id === contentPicturesModule ? resolvedContentPictures : null;
    },
    async load(id) {
      if (id === resolvedContentPictures) {
        this.addWatchFile(path.join(root, pictureDataFile));
        try {
          return await contentPicturesCode(root);
        } catch (error) {
          if (error instanceof PictureError) this.error(error.message);
          throw error;
        }
      }
      const layout = pictureQuery.exec(id)?.[1];
      if (layout === undefined) return null;
      const file = id.slice(0, id.indexOf('?'));
      if (!isPictureLayoutName(layout)) {
        this.error(
          `${path.relative(root, file)}: ?picture=${layout} names no layout; use one of ${Object.keys(pictureLayouts)
            .map((name) => `?picture=${name}`)
            .join(', ')}`,
        );
      }
      this.addWatchFile(file);
      let made: Awaited<ReturnType<typeof makePicture>>;
      try {
        const [, x = '50', y = '50'] = focusQuery.exec(id) ?? [];
        const focus = { x: Math.min(100, Number(x)), y: Math.min(100, Number(y)) };
        made = await limit(() => makePicture(file, layout, { root, cacheDir: pictureCacheDir(root), focus }));
      } catch (error) {
        if (error instanceof PictureError) this.error(error.message);
        throw error;
      }
      for (const warning of made.picture.warnings) this.warn(warning);
      if (made.picture.kind === 'photograph') counts[made.fromCache ? 'cached' : 'made']++;
      for (const { fileName, bytes } of made.files) {
        if (building) this.emitFile({ type: 'asset', fileName, source: bytes });
        else served.set(`${base}${fileName}`, bytes);
      }
      const prerendering = this.environment.config.consumer === 'server';
      const picture = pictureModule(made.picture, (fileName) => `${base}${fileName}`, prerendering);
      return { code: `export default ${JSON.stringify(picture)};`, moduleType: 'js' };
    },
  };
}
