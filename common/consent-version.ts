/**
 * The version of the consent texts a stored cookie choice was given for.
 * Raise it whenever the banner or settings texts change what a visitor agrees
 * to: every stored choice of an older version is asked for again, and the
 * server keeps records of the current version only. (A change of the optional
 * services in use asks again by itself.) No imports: the head script reads it.
 */
export const consentVersion = 2;
