// `./images/<name>.<svg|jpg|jpeg|png|webp|avif>?picture=<layout>`: made by scripts/pictures/vite-plugin.ts.
// An ambient module cannot import by a relative name, so the type is referenced with import().
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module '*?picture=header' {
  const picture: import('./components/picture').Picture;
  export default picture;
}
declare module '*?picture=gallery' {
  const picture: import('./components/picture').Picture;
  export default picture;
}

// `virtual:content-pictures`: the pictures of src/content/pictures.json, made by scripts/pictures/content-pictures.ts.
declare module 'virtual:content-pictures' {
  type Made = { image: import('./components/picture').Picture; credit: string };
  type Group<Ids extends string> = Readonly<Record<Ids, Made>>;
  export const slides: Group<keyof (typeof import('./content/locales/de/carousel.json'))['slides']>;
  export const imports: Group<keyof (typeof import('./content/locales/de/services.json'))['imports']['items']>;
  export const exports: Group<keyof (typeof import('./content/locales/de/services.json'))['exports']['items']>;
  export const pageHeaders: Group<keyof (typeof import('./content/locales/de/pictures.json'))['pageHeader']>;
}
