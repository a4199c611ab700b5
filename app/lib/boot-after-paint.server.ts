// The page's JavaScript starts after its first paint (ADR 011).
//
// React Router's <Scripts> asks for every module of the page in the <head> (modulepreload links,
// high priority) and starts them with an inline module script. On a phone on a slow network those
// ~120 kB compete with the stylesheet, and once they arrive their evaluation and hydration run
// before the browser has painted anything: the server-rendered text is there but not shown. Every
// page is complete and usable without JavaScript, so nothing is lost by painting it first.
//
// `bootAfterFirstPaint` rewrites the finished HTML: the modulepreload links go, the inline module
// becomes inert (`type="text/x-boot-module"`, keeping its nonce like every script tag), and a small classic script puts both back after the
// next frame is painted (or at once in a hidden tab, which paints nothing). The re-created module
// script carries the page's nonce (read at run time, so a cached page's text stays the same for
// everyone) and, for a cached page, matches the hash of the inert script's text; being created by
// a trusted script, its imports are allowed by 'strict-dynamic'.

export const BOOT_SCRIPT_ID = "boot-module";
export const INERT_TYPE = "text/x-boot-module";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const MODULE_TYPE = /\stype="module"/;

/**
 * Registers the service worker (app/service-worker.ts) once the page has loaded and
 * settled, never before: part of the boot script every page already has, so it costs no script file
 * of its own. Its first install fetches the shell and both languages' public messages, work that
 * competed with the page's own start on a slow phone (Lighthouse's blocking time on the restaurant
 * page went from 20 to over 150 ms): so it waits `SERVICE_WORKER_DELAY_MS` after `load`, then for
 * an idle moment.
 */
export const SERVICE_WORKER_DELAY_MS = 3000;
export const REGISTER_SERVICE_WORKER = `addEventListener("load",function(){var w=navigator.serviceWorker;w&&setTimeout(function(){var r=function(){w.register("/sw.js").catch(function(){})};typeof requestIdleCallback=="function"?requestIdleCallback(r,{timeout:${SERVICE_WORKER_DELAY_MS}}):r()},${SERVICE_WORKER_DELAY_MS})});`;

/**
 * The classic script that starts the page's modules once the first contentful paint is on screen
 * (as the browser reports it), at once in a hidden tab (it paints nothing), and after the next frame
 * where paint timing is not reported. The late timer, a second after the first frame, only makes
 * sure a page never stays without its scripts if a report is missed.
 */
export function bootLoader(preloads: string[]): string {
  return [
    "(function(){",
    REGISTER_SERVICE_WORKER,
    "var nonce=document.currentScript.nonce,started=false;",
    "function boot(){if(started)return;started=true;",
    `${JSON.stringify(preloads)}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;link.nonce=nonce;document.head.appendChild(link)});`,
    'var script=document.createElement("script");script.type="module";script.nonce=nonce;',
    `script.textContent=document.getElementById(${JSON.stringify(BOOT_SCRIPT_ID)}).textContent;document.body.appendChild(script)}`,
    'if(document.visibilityState!=="visible")return boot();',
    "var paints=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];",
    'if(paints.indexOf("paint")<0)return requestAnimationFrame(function(){setTimeout(boot,0)});',
    'new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();boot()}}).observe({type:"paint",buffered:true});',
    // Frames run only once the page can render, so this timer never races the stylesheet.
    "requestAnimationFrame(function(){setTimeout(boot,1000)})",
    "})()",
  ].join("");
}

/**
 * Moves the page's JavaScript behind its first paint. A page without React Router's module script
 * (none is expected, but the markup is React Router's, not ours) is returned unchanged.
 */
export function bootAfterFirstPaint(html: string): string {
  // The first module script, read script by script (it comes before the page's data scripts).
  let boot: RegExpExecArray | null = null;
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (MODULE_TYPE.test(match[1] ?? "")) {
      boot = match;
      break;
    }
  }
  if (!boot) return html;
  const [script, bootAttributes = "", code = ""] = boot;
  // The preload links are gathered and taken out in one pass over the page.
  const preloads = new Set<string>();
  const withoutPreload = (part: string) =>
    part.replace(MODULE_PRELOAD, (_link: string, href: string) => {
      preloads.add(href);
      return "";
    });
  const before = withoutPreload(html.slice(0, boot.index));
  const after = withoutPreload(html.slice(boot.index + script.length));
  const attributes = bootAttributes
    .replace(MODULE_TYPE, "")
    .replace(/\sasync(="")?/, "")
    .replace(/\sid="[^"]*"/, "");
  const replacement =
    `<script id="${BOOT_SCRIPT_ID}" type="${INERT_TYPE}"${attributes}>${code}</script>` +
    `<script${attributes}>${bootLoader([...preloads])}</script>`;
  return before + replacement + after;
}
