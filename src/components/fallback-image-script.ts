/**
 * Part of the head script, so it listens before the first picture can fail:
 * an error event does not bubble, but the document sees it while capturing.
 * A failing fallback is left alone, so no loop of error events can start.
 */
export const imageFallbackScript =
  'document.addEventListener("error",function(e){var i=e.target,f=i&&i.getAttribute&&i.getAttribute("data-fallback-src");' +
  'if(f&&i.getAttribute("src")!==f)i.setAttribute("src",f)},true)';
