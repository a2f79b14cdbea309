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
