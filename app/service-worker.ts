// The service worker (ADR 024): the site keeps working in a basement with no signal. Built by
// vite.config.ts (`serviceWorker()`) into build/client/sw.js, one small script with the rules of
// app/offline/cache-rules.ts; the server answers /sw.js without caching (server/app.ts).
//
// What it keeps (Cache Storage, this browser only, never anything about a visitor):
// - `kta-shell-<version>`: the offline page in both languages and the app's icons, fetched when the
//   worker installs, answered from the cache first; the previous version's shell is deleted when this
//   one takes over.
// - `kta-assets`: the build's hashed scripts and stylesheets, cache-first (a hashed name never changes),
//   the last ASSET_LIMIT of them: those a kept page names, those pages load through the worker, and,
//   from the install, the public pages' messages in both languages (a kept page needs them to hydrate).
// - `kta-recent`: the last RECENT_PAGE_LIMIT restaurant pages the visitor viewed, network-first: online
//   the page always comes from the server; offline the kept copy is shown.
// - `kta-saved`: pages a page asked it to keep (`cache-pages`, the saved places), until it is asked to forget.
// Pages are kept only when their answer is public (`isKeepablePage`): a signed-in visitor's pages are
// `private, no-store` and never kept; for them the worker keeps the page as anyone would see it, fetched
// without cookies. Private routes (accounts, dashboard, API, sign-in and sign-out) are never kept.
// Signing in, up or out forgets every kept page (`changesWhoIsSignedIn`).
//
// Offline, a navigation it has nothing for gets the offline page in the page's language; a page
// changing in the browser (React Router's `.data` request) while the browser knows it is offline
// (`navigator.onLine`) is loaded as a whole page instead, which gets the same answer.
//
// Messages a page may post (`navigator.serviceWorker.controller.postMessage` or the registration's
// `active.postMessage`):
// - `{ type: "cache-pages", urls: string[] }`: fetch these pages of this site (without cookies) and keep
//   them with the build files they load, in `kta-saved`. Private paths and other sites are ignored.
// - `{ type: "forget-pages" }`: delete every kept page (recent and saved).
// Either answers on the message's port, when one is given (a `MessageChannel`), with
// `{ type: "cache-pages", kept: number }` or `{ type: "forget-pages", done: true }`.
//
// Updates: a new version installs in the background and waits: an open page keeps the version whose
// files it loaded. It takes over at the next full load (a navigation) when that tab is the site's only
// one: the active worker, seeing the navigation, tells the waiting one to take over (`take-over`,
// `skipWaiting`). The only page it could swap files under is the one being left, and the page that
// replaces it loads its own (hashed) files, which every version answers the same way. With several
// tabs open it waits until they are closed. Its first install claims pages that had no worker yet
// (nothing to swap under them), so a first visit's next page is already kept.
import {
  ASSET_LIMIT,
  assetsOfPage,
  changesWhoIsSignedIn,
  isBuildAsset,
  isKeepablePage,
  isRestaurantPage,
  offlinePath,
  offlinePathFor,
  pageOfDataRequest,
  readWorkerMessage,
  RECENT_PAGE_LIMIT,
  restaurantPageOfData,
} from "./offline/cache-rules";

/** The build's version (the names of its files, hashed), replaced at build time. */
declare const __KTA_SW_VERSION__: string;
/** The build's files of the public pages' messages, both languages (a kept page loads them before hydrating), replaced at build time. */
declare const __KTA_SW_MESSAGES__: string[];

// The worker's own types, as far as it uses them (the app's TypeScript program uses the DOM's library).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WorkerScope {
  location: Location;
  navigator: { onLine: boolean };
  registration: { waiting: { postMessage(message: unknown): void } | null };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled?: boolean }): Promise<readonly { url: string }[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const origin = scope.location.origin;
const SHELL = `kta-shell-${__KTA_SW_VERSION__}`;
const ASSETS = "kta-assets";
const RECENT = "kta-recent";
const SAVED = "kta-saved";
const ICONS = ["/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png", "/favicon.svg"];
const SHELL_FILES = new Set([...ICONS, offlinePath("en"), offlinePath("he")]);

/** Keeps at most `limit` entries, the oldest (first put) going first. */
async function trim(cacheName: string, limit: number): Promise<void> {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

/** Keeps the build files a kept page loads (mostly already in the browser's HTTP cache). */
async function keepAssetsOf(html: string): Promise<void> {
  const cache = await caches.open(ASSETS);
  await Promise.all(
    assetsOfPage(html, origin).map(async (url) => {
      if (await cache.match(url)) return;
      const answer = await fetch(url);
      if (answer.ok) await cache.put(url, answer);
    }),
  );
  await trim(ASSETS, ASSET_LIMIT);
}

/**
 * Keeps a page's answer if it is public, moving it to the newest end of its cache. Its build files
 * are kept first: a page in the cache can hydrate offline (the network may be gone the moment after).
 */
async function keepPage(cacheName: string, url: string, answer: Response): Promise<boolean> {
  if (!isKeepablePage(answer, origin)) return false;
  const html = await answer.clone().text();
  await keepAssetsOf(html).catch(() => {});
  const cache = await caches.open(cacheName);
  await cache.delete(url);
  await cache.put(url, answer);
  if (cacheName === RECENT) await trim(RECENT, RECENT_PAGE_LIMIT);
  return true;
}

/**
 * Fetches a page as anyone would see it (no cookies) and keeps it if public. Marked as a copy for
 * offline use, so the server does not count it as a view of the listing.
 */
async function fetchAndKeep(cacheName: string, url: string): Promise<boolean> {
  try {
    const answer = await fetch(url, { credentials: "omit", redirect: "manual", headers: { "X-Offline-Copy": "1" } });
    return await keepPage(cacheName, url, answer);
  } catch {
    return false;
  }
}

async function forgetPages(): Promise<void> {
  await Promise.all([caches.delete(RECENT), caches.delete(SAVED)]);
}

const pageKey = (url: URL) => url.origin + url.pathname;

/** A navigation: the network first; offline, the kept page or the offline page in the page's language. */
async function navigate(event: FetchEvent): Promise<Response> {
  const url = new URL(event.request.url);
  try {
    event.waitUntil(promoteWaiting());
    const answer = await fetch(event.request);
    if (isRestaurantPage(url.pathname) && !url.search) {
      const key = pageKey(url);
      // A signed-in visitor's page is private: the page as anyone sees it is kept instead.
      event.waitUntil(
        keepPage(RECENT, key, answer.clone())
          .then((kept) => kept || fetchAndKeep(RECENT, key))
          .catch(() => {}),
      );
    }
    return answer;
  } catch (error) {
    const kept =
      (await caches.match(pageKey(url), { cacheName: SAVED })) ??
      (await caches.match(pageKey(url), { cacheName: RECENT }));
    if (kept) return kept;
    const offline = await caches.match(offlinePathFor(url.pathname), { cacheName: SHELL });
    if (offline) return offline;
    throw error;
  }
}

/** A new version waiting while the site's only tab loads another page: it takes over now (see "Updates" above). */
async function promoteWaiting(): Promise<void> {
  const waiting = scope.registration.waiting;
  if (waiting && (await scope.clients.matchAll({ type: "window" })).length <= 1)
    waiting.postMessage({ type: "take-over" });
}

/** A build file: from the cache, else the network (and kept, once the page has it). */
async function asset(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const answer = await fetch(event.request);
  if (answer.ok && answer.type === "basic") {
    event.waitUntil(
      cache
        .put(event.request, answer.clone())
        .then(() => trim(ASSETS, ASSET_LIMIT))
        .catch(() => {}),
    );
  }
  return answer;
}

scope.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      await shell.addAll([...SHELL_FILES].map((path) => new Request(path, { credentials: "omit" })));
      await (await caches.open(ASSETS)).addAll(__KTA_SW_MESSAGES__);
      // The restaurant page that brought the worker (a first visit's page, not yet controlled) is kept too.
      const open = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of open) {
        const url = new URL(client.url);
        if (isRestaurantPage(url.pathname)) await fetchAndKeep(RECENT, pageKey(url));
      }
    })(),
  );
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const first = !names.some((name) => name.startsWith("kta-shell-") && name !== SHELL);
      await Promise.all(
        names.filter((name) => name.startsWith("kta-shell-") && name !== SHELL).map((name) => caches.delete(name)),
      );
      // No previous version: no page has files of another version to lose.
      if (first) await scope.clients.claim();
    })(),
  );
});

scope.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== origin) return;
  if (changesWhoIsSignedIn(request.method, url.pathname)) {
    event.waitUntil(forgetPages());
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  if (isBuildAsset(url, origin)) {
    event.respondWith(asset(event));
    return;
  }
  if (SHELL_FILES.has(url.pathname)) {
    event.respondWith(caches.match(url.pathname, { cacheName: SHELL }).then((kept) => kept ?? fetch(request)));
    return;
  }
  if (url.pathname.endsWith(".data")) {
    // A restaurant page reached in the browser (React Router's data request): its page is kept as anyone sees it.
    const page = restaurantPageOfData(url.pathname);
    if (page) event.waitUntil(fetchAndKeep(RECENT, origin + page));
    // Online, untouched (not even through the worker); offline, the whole page instead.
    if (!scope.navigator.onLine) event.respondWith(pageData(request));
  }
});

/**
 * A page's data for a page changing in the browser: from the network; without one, React Router
 * is told to load the page as a whole document instead (its single-fetch redirect, reloading the
 * document), which `navigate` answers with the kept page or the offline page. (Playwright's offline
 * mode does not tell the worker it is offline, so the browser tests cannot reach this; the rule is
 * `pageOfDataRequest`'s, tested apart.)
 */
async function pageData(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": pageOfDataRequest(new URL(request.url)), "X-Remix-Reload-Document": "true" },
    });
  }
}

scope.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "take-over") {
    event.waitUntil(scope.skipWaiting());
    return;
  }
  const message = readWorkerMessage(event.data, origin);
  if (!message) return;
  const reply = event.ports[0];
  event.waitUntil(
    (async () => {
      if (message.type === "forget-pages") {
        await forgetPages();
        reply?.postMessage({ type: "forget-pages", done: true });
        return;
      }
      let kept = 0;
      for (const url of message.urls) if (await fetchAndKeep(SAVED, url)) kept++;
      reply?.postMessage({ type: "cache-pages", kept });
    })(),
  );
});
