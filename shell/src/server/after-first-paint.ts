/** The id of the template that holds a composed page's scripts until it is painted. */
export const AFTER_PAINT_ID = 'entry-after-paint';

/** How long the page waits for a first paint before it loads its scripts anyway. */
const SAFETY_MS = 3000;

/**
 * The head's external scripts and preloads, what the app needs to run, and its home-screen icon and
 * web app manifest, which the browser fetches apart from the page's own requests: none is needed to be seen.
 */
const APP_FILES = /<script\b[^>]*\bsrc=[^>]*><\/script>|<link\b[^>]*\brel="(?:preload|apple-touch-icon|manifest)"[^>]*>/gi;

/**
 * Clones the held files out of their template into the head once the page is on screen: when the
 * browser reports its first contentful paint (presented, not merely drawn on the main thread); where
 * paint timing is missing, just after the first frame once the document is parsed. A hidden tab paints
 * nothing, so it loads at once, and should no paint be reported the files come after a few seconds.
 */
const LOADER = `(function(){var done=0;function load(){if(done++)return;document.head.append(document.importNode(document.getElementById('${AFTER_PAINT_ID}').content,true))}
var paints=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes&&PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0;
if(paints)new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load)}}).observe({type:'paint',buffered:true});
addEventListener('DOMContentLoaded',function(){if(document.visibilityState==='hidden')return load();setTimeout(load,${SAFETY_MS});if(!paints)requestAnimationFrame(function(){setTimeout(load)})})})()`.replace(/\n/g, '');

/**
 * A composed page is complete HTML: the browser can paint it as soon as its stylesheets are in. Its
 * scripts (and the preloads of the route's remote) would otherwise download, parse and run first on a
 * phone's one busy core and hold that first paint back by seconds. So the head keeps its stylesheets,
 * and its scripts and script preloads wait in a template until the first paint is on screen (issue 14).
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
