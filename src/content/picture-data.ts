import { z } from 'zod';
import type { PictureLayoutName } from '../components/picture';

/**
 * The site's pictures as data (src/content/pictures.json): which file each slide, gallery item and
 * page header shows, its credit (Bildnachweis) and the point a crop keeps. Its alt text is a text
 * of its page, in every language (carousel.json `slides.<id>.alt`, services.json
 * `imports|exports.items.<id>.alt`, pictures.json `pageHeader.<page>`). The build reads it
 * (scripts/pictures/content-pictures.ts) and the editor at /admin/ edits it ("Bilder"); the files
 * are in src/content/images. Only the build, the checks and the editor import this schema.
 */
export const pictureDataFile = 'src/content/pictures.json';
export const pictureImagesDir = 'src/content/images';

/** Each group of pictures and the layout its pictures are made for (src/components/picture.ts). */
export const pictureGroups = {
  slides: 'header',
  imports: 'gallery',
  exports: 'gallery',
  pageHeaders: 'header',
} as const satisfies Record<string, PictureLayoutName>;

export type PictureGroup = keyof typeof pictureGroups;

/** A picture's file in src/content/images: lower-case, a picture's extension. */
export const pictureFileName = /^[a-z0-9][a-z0-9._-]{0,100}\.(?:jpe?g|png|webp|avif|svg)$/;

const percent = (title: string) =>
  z.number().int().min(0, `${title}: zwischen 0 und 100.`).max(100, `${title}: zwischen 0 und 100.`).meta({ title });

export const pictureEntrySchema = z
  .object({
    file: z
      .string()
      .regex(pictureFileName, 'Bild: eine Datei in src/content/images (JPEG, PNG, WebP oder AVIF).')
      .meta({
        title: 'Bild',
        description:
          'JPEG, PNG, WebP oder AVIF, so groß, wie die Kamera es macht: die Website macht daraus die Größen, die jeder Bildschirm braucht.',
      }),
    credit: z
      .string()
      .max(120, 'Bildnachweis: höchstens 120 Zeichen.')
      .refine(
        (value) => !/[<>{}]/.test(value),
        'Bildnachweis: spitze oder geschweifte Klammern sind hier nicht erlaubt.',
      )
      .meta({
        title: 'Bildnachweis',
        description:
          'Wer das Foto gemacht hat (Fotografin, Agentur); leer bei eigenen Illustrationen. Steht im Impressum.',
      }),
    focus: z
      .object({ x: percent('Waagerecht (%)'), y: percent('Senkrecht (%)') })
      .strict()
      .meta({
        title: 'Bildmitte für den Zuschnitt',
        description: 'Der Punkt, den jeder Zuschnitt behält, in Prozent von links und von oben: 50/50 ist die Mitte.',
      }),
  })
  .strict();

export const pictureDataSchema = z
  .object(
    Object.fromEntries(
      Object.keys(pictureGroups).map((group) => [
        group,
        z.record(z.string().regex(/^[a-zA-Z][\w-]*$/), pictureEntrySchema),
      ]),
    ) as Record<PictureGroup, z.ZodRecord<z.ZodString, typeof pictureEntrySchema>>,
  )
  .strict();

export type PictureData = z.infer<typeof pictureDataSchema>;
