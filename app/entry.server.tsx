import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
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
          // the script that swaps them even before hydration (withImageFallbacks).
          const chunks: Buffer[] = [];
          const body = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            flush(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback(null, withImageFallbacks(bootAfterFirstPaint(Buffer.concat(chunks).toString("utf8")), nonce));
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
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
