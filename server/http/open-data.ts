// The open data feeds' endpoints (ADR 025): GET /api/restaurants.json and /api/restaurants.geojson.
// Thin: the records are app/features/restaurants/open-data's. Mounted after the page cache's
// capture, so an anonymous GET is kept and answered from memory as a page is, and emptied with the
// pages on every change; the route facts (`openData`) make these paths public and cacheable.
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import type { Db } from "../../database/types";
import { freshnessClock } from "../../app/features/restaurants/core/freshness";
import { OPEN_DATA_LICENSE, lastChangeOf } from "../../app/features/restaurants/open-data/feed";
import { openDataFeed, type OpenDataFormat } from "../../app/features/restaurants/open-data/open-data.server";
import { PUBLIC_CACHE_CONTROL } from "./page-cache";

export const OPEN_DATA_TYPES: Record<OpenDataFormat, string> = {
  json: "application/json; charset=utf-8",
  geojson: "application/geo+json; charset=utf-8",
};

export interface OpenDataOptions {
  db: Db;
  publicUrl: string;
  verificationMaxAgeDays: number;
  certificateGraceDays: number;
  /** The instant a request is answered at (the browser tests' clock), the machine's when absent. */
  nowOf?: (req: Parameters<RequestHandler>[0]) => Date | undefined;
}

export function openDataHandler(format: OpenDataFormat, options: OpenDataOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      const now = options.nowOf?.(req) ?? new Date();
      const clock = freshnessClock(options.verificationMaxAgeDays, now, options.certificateGraceDays);
      const { body, records } = await openDataFeed(options.db, format, { publicUrl: options.publicUrl, clock }, now);
      // The page cache's own ETag for the same body, so a hit and a miss agree.
      const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
      const lastChange = lastChangeOf(records);
      res.set({
        "Content-Type": OPEN_DATA_TYPES[format],
        "Cache-Control": PUBLIC_CACHE_CONTROL,
        "Access-Control-Allow-Origin": "*",
        Link: `<${OPEN_DATA_LICENSE.url}>; rel="license"`,
        ETag: etag,
        ...(lastChange ? { "Last-Modified": lastChange.toUTCString() } : {}),
      });
      if (req.get("if-none-match") === etag) {
        res.status(304).end();
        return;
      }
      res.send(body);
    } catch (error) {
      next(error);
    }
  };
}
