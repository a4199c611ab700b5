// The browser suite's `test`: Playwright's, plus `signedInAs(role)`, which signs the browser in
// without the sign-in form (that form is covered in accounts.spec.ts): a new user of that role,
// made with the factory, and a session made on the server, whose cookie goes into the context;
// and `browserErrors`, which fails any test whose pages throw or log an error (below).
import {
  test as base,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { UserRole } from "../../database/factories";
import { sharedServerSession } from "./control";
import type { SessionRequest, SignedInUser } from "./sessions";

export { expect } from "@playwright/test";

/** A server the tests can sign in on: the shared one (default) or one started in-process. */
export interface SessionServer {
  baseUrl: string;
  signIn(request: SessionRequest): Promise<SignedInUser>;
}

export interface SignedInOptions {
  /** The context to sign in (default: the test's own `context`, the one of `page`). */
  context?: BrowserContext;
  /** Where to sign in (default: the shared server at baseURL). */
  server?: SessionServer;
  /** Slugs of restaurants the new user owns. */
  owns?: string[];
}

export type SignedInAs = (role: UserRole, options?: SignedInOptions) => Promise<SignedInUser>;

/**
 * Waits until the app runs on the page: its scripts start only after the first paint (ADR 011),
 * so the `load` event that `goto` waits for comes before them. A page without the app's scripts
 * (the 503 page, a file) does not wait.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById("boot-module") || document.documentElement.hasAttribute("data-hydrated"),
  );
}

/**
 * Makes goto, reload, back and forward on this page wait for the app as well as for `load`. The
 * test's `page` has it; a page a test opens itself with JavaScript on calls it.
 */
export function waitForAppOnLoad(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appReady(page);
    return response;
  };
  for (const name of ["reload", "goBack", "goForward"] as const) {
    const original = page[name].bind(page);
    page[name] = async (...args: Parameters<typeof original>) => {
      const response = await original(...args);
      await appReady(page);
      return response;
    };
  }
  return page;
}

/**
 * A file of `bytes` bytes in the test's output folder, for `setInputFiles(path)`: the browser reads
 * it from disk itself, where a file given as a buffer travels to it in base64 (seconds for 12 MB).
 */
export function fileOnDisk(name: string, bytes: number): string {
  const file = test.info().outputPath(name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.alloc(bytes, 1));
  return file;
}

/** The default map tiles' host: answered in the browser by `answerTiles`, never the network. */
export const TILE_HOST = "https://tile.openstreetmap.org";

let tile: Promise<Buffer> | undefined;
/** A plain 256 px tile, drawn once. */
function plainTile(): Promise<Buffer> {
  tile ??= sharp({ create: { width: 256, height: 256, channels: 3, background: "#e7ede4" } })
    .png()
    .toBuffer();
  return tile;
}

/** Answers the map's tile requests in this context with a local image; returns the tiles asked for. */
export async function answerTiles(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route(`${TILE_HOST}/**`, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await route.fulfill({ body: await plainTile(), contentType: "image/png" });
  });
  return asked;
}

/** An error a test causes on purpose (a page that answers 404 on purpose, say), declared by the test. */
export interface ExpectedBrowserError {
  /** What the console message says. */
  text: RegExp;
  /** Where it comes from: the console message's location (for a failed load, the resource's URL). */
  url: RegExp;
  /** The browser may or may not log it (it depends on timing the test does not control): never missing. */
  optional?: boolean;
}

export interface BrowserErrors {
  /**
   * Declares that this test makes the browser log this error: matching messages do not fail the
   * test, and the test fails if none comes. Keep it narrow (this text, from this URL).
   */
  expect(error: ExpectedBrowserError): void;
}

/**
 * The page a request came from. None for a service worker's own request, or for a popup's first
 * navigation before its frame exists: Playwright throws then, and an event listener must not.
 */
function pageOf(request: Request): Page | undefined {
  if (request.serviceWorker()) return undefined;
  try {
    return request.frame().page();
  } catch {
    return undefined;
  }
}

/** The file beside a failed test's error-context.md that holds its pages' trails (read by scripts/run-e2e.mjs). */
export const PAGE_TRAILS = "page-trails.txt";
const TRAIL_LENGTH = 12;

/** An address as a trail shows it: route discovery's run to kilobytes. */
const shortUrl = (url: string) => (url.length > 160 ? `${url.slice(0, 159)}…` : url);

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** An image from another site (a restaurant's photo URL): not ours to keep loading in a test. */
function isExternalImage(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (protocol === "http:" || protocol === "https:") && !LOOPBACK.has(hostname);
}

/**
 * Watches every browser context of a test — its own `context` and any it makes with
 * `browser.newContext()` or `browser.newPage()` — for uncaught page errors (a hydration mismatch
 * is one: React error #418) and `console.error` messages, and fails the test on any that it did
 * not declare with `browserErrors.expect`. The one thing let through: a failed load of an image
 * from another site, matched by that image's URL (demo data points at photos on the internet,
 * which this machine may not reach).
 */
async function guardBrowserErrors(browser: Browser, provide: (errors: BrowserErrors) => Promise<void>): Promise<void> {
  const watched = new Set<BrowserContext>();
  const externalImages = new Set<string>();
  const consoleErrors: ConsoleMessage[] = [];
  const pageErrors: string[] = [];
  const expected: { error: ExpectedBrowserError; seen: number }[] = [];
  // Each page's trail, for a failed test: where its main frame went, and what the server answered
  // to its page, data and route-discovery requests (status, and where a redirect led), and any
  // request that failed. The last few per page, each address cut short (route discovery's is long).
  const trails = new Map<Page, string[]>();
  const note = (page: Page, line: string) => {
    const trail = trails.get(page) ?? [];
    // The main frame reports a navigation more than once as the page settles: one line for them.
    if (trail.at(-1) === line) return;
    trail.push(line);
    trails.set(page, trail.slice(-TRAIL_LENGTH));
  };

  const watch = (context: BrowserContext) => {
    if (watched.has(context)) return;
    watched.add(context);
    context.on("request", (request) => {
      if (request.resourceType() === "image" && isExternalImage(request.url())) externalImages.add(request.url());
    });
    context.on("framenavigated", (frame) => {
      const page = frame.page();
      if (frame === page.mainFrame()) note(page, `at ${frame.url()}`);
    });
    context.on("response", (response) => {
      const request = response.request();
      // Pages, and the router's own requests (a page's data, route discovery's `/__manifest`);
      // any other file only when it was refused.
      const kind = request.resourceType();
      if (kind !== "document" && kind !== "fetch" && response.status() < 400) return;
      const page = pageOf(request);
      if (!page) return;
      const headers = response.headers();
      const to = headers["location"] ?? headers["x-remix-redirect"];
      note(page, `${request.method()} ${shortUrl(request.url())} -> ${response.status()}${to ? ` to ${to}` : ""}`);
    });
    context.on("requestfailed", (request) => {
      const page = pageOf(request);
      if (page)
        note(page, `${request.method()} ${shortUrl(request.url())} failed: ${request.failure()?.errorText ?? "?"}`);
    });
    context.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message);
    });
    context.on("weberror", (webError) => {
      const error = webError.error();
      pageErrors.push(`${webError.page()?.url() ?? "(no page)"}: ${error.stack ?? error.message}`);
    });
  };

  // Contexts the test (or Playwright, for the test's own `context`) makes from here on are watched.
  // Those the test's own code makes (a second device, a visitor without JavaScript) are closed when
  // it ends: left open, their pages ran on for the rest of the worker's tests, and Playwright took
  // the outline of a later test's failure from one of them.
  const madeByTest = new Set<BrowserContext>();
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const fromTest = /tests\/e2e\/[\w-]+\.spec\.ts/.test(new Error().stack ?? "");
    const context = await newContext.apply(browser, args);
    watch(context);
    if (fromTest) madeByTest.add(context);
    return context;
  };
  try {
    await provide({ expect: (error) => void expected.push({ error, seen: 0 }) });
  } finally {
    browser.newContext = newContext;
  }

  // Events travel in order with replies: one round trip to each open page brings in all it sent.
  const open = [...watched].flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  await Promise.all(open.map((page) => page.evaluate(() => true).catch(() => undefined)));
  // Where each page went when the test failed, kept beside the outline of the page that
  // scripts/run-e2e.mjs prints after the run: a CI log then says what the test saw, and how it got there.
  const info = base.info();
  if (info.status !== info.expectedStatus) {
    const text = [...trails.values()].map((trail, index) => [`page ${index + 1}:`, ...trail].join("\n  ")).join("\n");
    mkdirSync(info.outputDir, { recursive: true });
    writeFileSync(info.outputPath(PAGE_TRAILS), `${text || "no page"}\n`);
    console.log(`[pages] the pages of "${info.titlePath.join(" >> ")}":\n${text || "no page"}`);
  }

  await Promise.all([...madeByTest].map((context) => context.close().catch(() => undefined)));

  const unexpected = [...pageErrors];
  for (const message of consoleErrors) {
    const { url } = message.location();
    const text = message.text();
    if (text.startsWith("Failed to load resource") && externalImages.has(url)) continue;
    const declared = expected.find(({ error }) => error.text.test(text) && error.url.test(url));
    if (declared) declared.seen += 1;
    else unexpected.push(`console.error at ${url || message.page()?.url() || "(no location)"}: ${text}`);
  }
  const missing = expected
    .filter(({ error, seen }) => seen === 0 && !error.optional)
    .map(({ error }) => `${error.text} from ${error.url}`);
  if (unexpected.length > 0 || missing.length > 0) {
    throw new Error(
      [
        ...(unexpected.length > 0 ? ["The browser reported errors this test did not expect:", ...unexpected] : []),
        ...(missing.length > 0 ? ["This test expected errors that never came:", ...missing] : []),
      ].join("\n"),
    );
  }
}

export const test = base.extend<{ signedInAs: SignedInAs; tiles: string[]; browserErrors: BrowserErrors }>({
  browserErrors: [async ({ browser }, provide) => guardBrowserErrors(browser, provide), { auto: true }],
  // A test that asks for `tiles` gets the map's tiles drawn (answerTiles) and the list of those
  // asked for. Only such tests: a route makes Playwright stop every request of the context on its
  // way and turns the browser's cache off, which costs each page load about a sixth of its time.
  // Other tests' tile requests never leave the machine either: the browser resolves no host but
  // 127.0.0.1 (playwright.config.ts), so a tile fails to load, as an image from another site may.
  tiles: async ({ context }, provide) => {
    await provide(await answerTiles(context));
  },
  page: async ({ page, javaScriptEnabled }, provide) => {
    await provide(javaScriptEnabled ? waitForAppOnLoad(page) : page);
  },
  signedInAs: async ({ context, baseURL }, provide) => {
    await provide(async (role, options = {}) => {
      const request: SessionRequest = { role, ...(options.owns ? { owns: options.owns } : {}) };
      const user = options.server ? await options.server.signIn(request) : await sharedServerSession(request);
      const url = options.server?.baseUrl ?? baseURL;
      if (!url) throw new Error("signedInAs needs a server URL (baseURL or options.server)");
      await (options.context ?? context).addCookies([{ ...user.cookie, url, httpOnly: true, sameSite: "Lax" }]);
      return user;
    });
  },
});
