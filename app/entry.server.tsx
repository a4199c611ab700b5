import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { bootAfterFirstPaint } from "./lib/boot-after-paint.server";
import { withImageFallbacks } from "./lib/image-fallback.server";
import "./lib/i18n/all-messages.server";
import { servicesContext } from "./lib/context";
import { detectLanguage } from "./lib/i18n/language";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailablePage } from "./lib/unavailable";

export const streamTimeout = 5_000;

/** Requests whose loader or action failed because the database could not be reached. */
const databaseUnavailable = new WeakSet<Request>();

/**
 * Called by React Router with the original error (before it is hidden from the page) and before
 * the page is rendered: a database outage is remembered for this request (it becomes a 503) and
 * reported to the server; anything else is logged as React Router would.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request);
    try {
      (context as RouterContextProvider).get(servicesContext).reportDatabaseUnavailable?.();
    } catch {
      // No services in the context (the error came before they were set): the 503 still stands.
    }
    console.warn(`[db] ${request.method} ${new URL(request.url).pathname}: the database is unreachable; answered 503.`);
    return;
  }
  if (request.signal.aborted) return;
  // A refused request (a POST to a page without an action, an OPTIONS request: 405) is the
  // visitor's mistake, answered as such; only faults are logged.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // As React Router's default: a thrown route error response carries the original error inside.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

/**
 * The little of a Node writable stream that React's pipe uses (write, end, on), gathering the page's
 * bytes as they come: kept as written, since React never changes a buffer it has handed over (a long
 * string it writes as it is, which is encoded here).
 * Every write is accepted at once, so React never waits for a "drain"; "error" and "close" never come.
 * A fatal error after the first byte (React then destroys its destination) fails the answer.
 */
function htmlCollector(done: (html: Buffer) => void, failed: (error: unknown) => void) {
  const parts: Uint8Array[] = [];
  return {
    write(chunk: Uint8Array | string): boolean {
      parts.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end(): void {
      done(Buffer.concat(parts));
    },
    on(): void {},
    // A fatal error once the page was being written: the page is not sent.
    destroy(error?: unknown): void {
      failed(error);
    },
  };
}

/**
 * The page's last changes (its scripts behind the first paint, the image placeholders' script),
 * made on its bytes read as Latin-1: one character a byte. Every change reads and writes ASCII
 * markup only, so the bytes of the page's text (Hebrew, in UTF-8) come back as they were, and the
 * page is never decoded from UTF-8 nor encoded again. That round trip was a fifth of an uncached
 * home page's render here: a page with one Hebrew letter is a string of two bytes a character, and
 * each copy of one over 128 kB is a large object V8 allocates on its own pages (ADR 035).
 */
function finishPage(html: Buffer, nonce: string): Uint8Array<ArrayBuffer> {
  return Buffer.from(withImageFallbacks(bootAfterFirstPaint(html.toString("latin1")), nonce), "latin1");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (databaseUnavailable.has(request)) {
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const head = request.method.toUpperCase() === "HEAD";
    const body = head ? null : unavailablePage(detectLanguage(new URL(request.url).pathname));
    return new Response(body, { status: 503, headers: responseHeaders });
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(servicesContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // Every page is rendered completely before the first byte, for people and for link
    // previews alike: the data is all loaded up front, so nothing is gained by streaming.
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A finished Suspense boundary stays where it is in the HTML. React otherwise moves a
        // boundary past the first 12,800 bytes to the end of the page, hidden, and shows it with an
        // inline script: without JavaScript it would stay hidden (the report form).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          // The whole page is ready, so it is gathered and its scripts moved behind the first
          // paint (bootAfterFirstPaint, ADR 011) before it is sent; images with a placeholder get
          // the script that swaps them even before hydration (withImageFallbacks). React writes
          // into a plain collector (htmlCollector), not a Node stream: a page is a few dozen
          // chunks, and a stream's machinery per chunk cost more than keeping them.
          const html = htmlCollector(
            (page) => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(finishPage(page, nonce), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
            },
            (error) => reject(error instanceof Error ? error : new Error(String(error))),
          );
          // React's pipe needs only write, end, on and destroy of a Writable (htmlCollector).
          pipe(html as unknown as Writable);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
