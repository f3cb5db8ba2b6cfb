/** The id of the template that holds a composed page's scripts until it is painted. */
export const AFTER_PAINT_ID = 'entry-after-paint';

/** The head's external scripts and script or data preloads: what the app needs to run, not to be seen. */
const APP_FILES = /<script\b[^>]*\bsrc=[^>]*><\/script>|<link\b[^>]*\brel="preload"[^>]*>/gi;

/**
 * Takes the clone of the held files out of their template and into the head once the page has been
 * painted: the first `requestAnimationFrame` after the document is parsed runs just before the first
 * frame (stylesheets permitting), the timeout just after it.
 */
const LOADER =
  `addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){setTimeout(function(){` +
  `document.head.append(document.importNode(document.getElementById('${AFTER_PAINT_ID}').content,true))})})})`;

/**
 * A composed page is complete HTML: the browser can paint it as soon as its stylesheets are in. Its
 * scripts (and the preloads of the route's remote) would otherwise download, parse and run first on a
 * phone's one busy core and hold that first paint back by seconds. So the head keeps its stylesheets,
 * and its scripts and script preloads wait in a template until the first frame is on screen (issue 14).
 * A script taken from a template runs when inserted, and the shell entry is the only one: order holds.
 */
export const holdScriptsUntilPainted = (document: string): string => {
  const headEnd = document.indexOf('</head>');
  if (headEnd < 0) return document;
  const held: string[] = [];
  const head = document.slice(0, headEnd).replace(APP_FILES, (tag) => {
    held.push(tag);
    return '';
  });
  if (held.length === 0) return document;
  return `${head}<template id="${AFTER_PAINT_ID}">${held.join('')}</template><script>${LOADER}</script>${document.slice(headEnd)}`;
};
