/**
 * Part of the head script, so it listens before the first picture can fail:
 * an error event does not bubble, but the document sees it while capturing.
 * In a <picture> the browser loads a source's srcset, not the <img>'s src: the
 * sources and the srcset go, so the fallback is what loads. A failing fallback
 * is left alone, so no loop of error events can start.
 */
export const imageFallbackScript =
  'document.addEventListener("error",function(e){var i=e.target,f=i&&i.getAttribute&&i.getAttribute("data-fallback-src");' +
  'if(!f||i.getAttribute("src")===f)return;var p=i.parentNode;' +
  'if(p&&p.nodeName==="PICTURE")p.querySelectorAll("source").forEach(function(s){p.removeChild(s)});' +
  'i.removeAttribute("srcset");i.removeAttribute("sizes");i.setAttribute("src",f)},true)';
