/** Debian's Chromium, which the browser tests and the bench drive (browser downloads fail on these machines). */
export const chromiumPath = '/usr/bin/chromium';

/** Flags for a quiet, repeatable Chromium in a container: no sandbox, GPU or background traffic. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
