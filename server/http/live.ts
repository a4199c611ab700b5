// Server-sent events for one restaurant page: GET /api/live/restaurants/:slug. Each change to
// that restaurant is sent as an `update` event; the page reloads its data when one arrives.
import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";
import { translator } from "../../app/lib/i18n/messages";
import type { MessageKey } from "../../app/locales/en";
import { concernsSlug, type ChangeFeed } from "../data/changes";

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 3_000;
const SLUG = /^[\p{L}\p{N}_.~%-]{1,200}$/u;

/** How many streams may be open at once: from one client address, and in all. */
export interface LiveStreamLimits {
  perClient: number;
  total: number;
}

/** A refusal the page can live with (it works without live updates), in both languages: the stream has no page language. */
function refuse(res: Response, status: number, key: MessageKey): void {
  const text = `${translator("en")(key)}\n${translator("he")(key)}\n`;
  res
    .status(status)
    .set({ "Retry-After": "60", "Cache-Control": "no-store" })
    .type("text/plain; charset=utf-8")
    .send(text);
}

export function liveRestaurantUpdates(
  feed: ChangeFeed,
  limits: LiveStreamLimits,
  clientOf: (req: IncomingMessage) => string,
): RequestHandler & { openStreams: () => number } {
  // Each stream holds a socket for as long as the page is open: a client (or everyone together)
  // may hold only so many, so a slow or hostile client cannot starve the others.
  const openByClient = new Map<string, number>();
  let open = 0;
  const handler: RequestHandler = (req, res) => {
    const slug = String(req.params.slug ?? "");
    if (!SLUG.test(slug)) {
      res.status(400).type("text/plain").send("Bad slug");
      return;
    }
    const headers = {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    };
    // A HEAD request asks only whether the stream is there: it must not stay open.
    if (req.method === "HEAD") {
      res.writeHead(200, headers).end();
      return;
    }
    const client = clientOf(req);
    const mine = openByClient.get(client) ?? 0;
    if (mine >= limits.perClient) return refuse(res, 429, "error.tooManyLiveStreams");
    if (open >= limits.total) return refuse(res, 503, "error.liveStreamsFull");
    openByClient.set(client, mine + 1);
    open++;
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      open--;
      const left = (openByClient.get(client) ?? 1) - 1;
      if (left > 0) openByClient.set(client, left);
      else openByClient.delete(client);
    };

    res.writeHead(200, { ...headers, Connection: "keep-alive" });
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);

    const unsubscribe = feed.subscribe((change) => {
      if (!concernsSlug(change, slug)) return;
      res.write(`event: update\ndata: ${JSON.stringify(change)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
    const end = () => {
      release();
      clearInterval(heartbeat);
      unsubscribe();
      stopOnClose();
      res.end();
    };
    const stopOnClose = feed.onClose(end);
    req.on("close", end);
  };
  // How many are open now (for the metrics).
  return Object.assign(handler, { openStreams: () => open });
}
