// Server-sent events for one restaurant page: GET /api/live/restaurants/:slug. Each change to
// that restaurant is sent as an `update` event; the page reloads its data when one arrives.
import type { RequestHandler } from "express";
import { concernsSlug, type ChangeFeed } from "./changes";

const HEARTBEAT_MS = 25_000;
const RETRY_MS = 3_000;
const SLUG = /^[\p{L}\p{N}_.~%-]{1,200}$/u;

export function liveRestaurantUpdates(feed: ChangeFeed): RequestHandler {
  return (req, res) => {
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
    res.writeHead(200, { ...headers, Connection: "keep-alive" });
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);

    const unsubscribe = feed.subscribe((change) => {
      if (!concernsSlug(change, slug)) return;
      res.write(`event: update\ndata: ${JSON.stringify(change)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopOnClose();
      res.end();
    };
    const stopOnClose = feed.onClose(end);
    req.on("close", end);
  };
}
