// The browser suite's `test`: Playwright's, plus `signedInAs(role)`, which signs the browser in
// without the sign-in form (that form is covered in accounts.spec.ts): a new user of that role,
// made with the factory, and a session made on the server, whose cookie goes into the context.
import { test as base, type BrowserContext, type Page } from "@playwright/test";
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
  await page.waitForFunction(() => !document.getElementById("boot-module") || document.documentElement.hasAttribute("data-hydrated"));
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

/** The default map tiles' host (issue 16): answered in the browser by `answerTiles`, never the network. */
export const TILE_HOST = "https://tile.openstreetmap.org";

let tile: Promise<Buffer> | undefined;
/** A plain 256 px tile, drawn once. */
function plainTile(): Promise<Buffer> {
  tile ??= sharp({ create: { width: 256, height: 256, channels: 3, background: "#e7ede4" } }).png().toBuffer();
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

export const test = base.extend<{ signedInAs: SignedInAs; tiles: string[] }>({
  // Every test's tile requests stay on this machine (a map on a page asks for them).
  tiles: async ({ context }, provide) => {
    await provide(await answerTiles(context));
  },
  page: async ({ page, javaScriptEnabled, tiles }, provide) => {
    void tiles;
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
