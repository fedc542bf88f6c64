/**
 * The app's scripts are asked for once the page has painted (issue 14). The server draws the first
 * screen (./firstRows.ts, ./firstTiles.ts), so the page needs no script to paint; the scripts are
 * what lets the player act on it. index.html as built (scripts/vite-first-paint.ts) keeps the entry
 * script and the route's preloads in an inert `<template id="panalo-app">` and runs APP_LOADER, which:
 * - at the first contentful paint adds a modulepreload of the entry and then the template's preloads, so
 *   every script downloads side by side, the entry (the largest, and the first needed) asked first: on a
 *   link with a few connections (HTTP/1.1: six), asked after two dozen small route chunks it waited for
 *   them (Lighthouse's simulated LCP of /wallet/deposit: the entry started at 1.6 s instead of 0.7 s); at once when the server drew nothing to paint first (the
 *   template marked AT_ONCE: a page whose first screen is a plain skeleton, whose content only the
 *   scripts can draw, so waiting for a paint that never comes only held the page back: issue 31), the
 *   page is hidden, the browser reports no paints, or no paint came in PAINT_WAIT_MS;
 * - once the document is parsed and its stylesheets have loaded, adds the entry script itself: it runs
 *   when a parser-inserted module script would (after parsing, never unstyled), with its lists and site
 *   information (at the end of the body) already there.
 * On a slow link the page's own bytes go first, and the scripts start on a connection the page
 * already opened. Lighthouse's simulation no longer counts the scripts in the paint: it takes any
 * request that ended before the largest paint as blocking it, module scripts included
 * (GoogleChrome/lighthouse#17163). The figures of both are in tests/bench/firstload.ts and
 * tests/bench/lighthouse.ts.
 */

/** The template that holds the entry script and the route's preloads until the page has painted. */
export const APP_TEMPLATE_ID = 'panalo-app';

/** Where the server puts the route's preload tags inside the template (server/plugins/firstPaint.ts). */
export const PRELOADS_MARK = '<!--panalo:preloads-->';

/**
 * The template's attribute that makes the loader ask at once: set by the server on a page it drew only a
 * skeleton for (./firstPaint.ts), where nothing contentful paints before the scripts run.
 */
export const AT_ONCE = 'data-at-once';

/** How long the loader waits for a paint report before it asks for the scripts anyway. */
export const PAINT_WAIT_MS = 3_000;

/** The inline loader (its hash is in the page's policy: server/plugins/static.ts). ES5, no library. */
export const APP_LOADER =
  '(function(){' +
  `var d=document,t=d.getElementById('${APP_TEMPLATE_ID}'),asked=0,ran=0,done=[];` +
  'if(!t)return;' +
  "var s=t.content.querySelector('script[type=module]');" +
  // Stylesheets that finished (loaded or failed) before the loader looks at them.
  "function seen(e){var l=e.target;if(l&&l.tagName==='LINK')done.push(l);}" +
  "d.addEventListener('load',seen,true);d.addEventListener('error',seen,true);" +
  'function ask(){if(asked)return;asked=1;' +
  // The entry first: the largest file, which every page needs first, is not queued behind the route's small chunks.
  "if(s){var p=d.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=s.getAttribute('src');d.head.appendChild(p);}" +
  "var ls=t.content.querySelectorAll('link');" +
  'for(var i=0;i<ls.length;i++)d.head.appendChild(ls[i]);' +
  'ready();}' +
  // Parsed, and every stylesheet of the page in (or failed): then the entry, as the parser would run it.
  'function ready(){' +
  "if(d.readyState==='loading'){d.addEventListener('DOMContentLoaded',ready);return;}" +
  "var ss=d.querySelectorAll('link[rel=stylesheet]');" +
  "for(var i=0;i<ss.length;i++)if(!ss[i].sheet&&done.indexOf(ss[i])<0){ss[i].addEventListener('load',ready);ss[i].addEventListener('error',ready);return;}" +
  "if(ran)return;ran=1;d.removeEventListener('load',seen,true);d.removeEventListener('error',seen,true);" +
  // A new element, not the template's own: a script parsed into a template may be inert in a browser.
  'if(!s)return;' +
  "var e=d.createElement('script'),a=s.attributes;for(var j=0;j<a.length;j++)e.setAttribute(a[j].name,a[j].value);d.head.appendChild(e);}" +
  'var P=window.PerformanceObserver,types=P&&P.supportedEntryTypes||[];' +
  `if(t.hasAttribute('${AT_ONCE}')||d.visibilityState==='hidden'||types.indexOf('paint')<0)return ask();` +
  "try{new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();ask();}}).observe({type:'paint',buffered:true});}catch(e){return ask();}" +
  "d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')ask();});" +
  `setTimeout(ask,${PAINT_WAIT_MS});` +
  '})();';

/**
 * index.html as built with its module scripts and their preloads in the template and the loader after
 * it (the build's transform, scripts/vite-first-paint.ts). A page without module scripts is returned
 * as it is.
 */
export function deferAppScripts(html: string): string {
  const head = html.indexOf('</head>');
  if (head < 0) return html;
  const tags: string[] = [];
  const rest = html.slice(0, head).replace(/\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g, (tag) => {
    tags.push(tag.trim());
    return '';
  });
  const scripts = tags.filter((tag) => tag.startsWith('<script'));
  if (scripts.length === 0) return html;
  const links = tags.filter((tag) => !tag.startsWith('<script'));
  const template = `<template id="${APP_TEMPLATE_ID}">${[...scripts, ...links].join('')}${PRELOADS_MARK}</template><script>${APP_LOADER}</script>`;
  return `${rest}\n    ${template}\n  ${html.slice(head)}`;
}
