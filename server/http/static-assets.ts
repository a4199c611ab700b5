// The client build's hashed files, sent in the densest compression made at build time (brotli 11,
// gzip 9; see vite.config.ts) when the browser accepts it, instead of compressing them on every
// request at the middleware's quick levels. Files without a compressed copy fall through.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { chooseEncoding } from "./precompressed";

const SUFFIX = { br: ".br", gzip: ".gz" } as const;
const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

export function precompressedAssets(assetsDir: string): RequestHandler {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(assetsDir));
  } catch {
    files = new Set();
  }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const type = TYPES[path.extname(name)];
    if (!type || name.includes("/") || !files.has(name)) return next();
    const accepted = req.get("accept-encoding") ?? "";
    const encoding = chooseEncoding(accepted, (candidate) => files.has(`${name}${SUFFIX[candidate]}`));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    // A Content-Security-Policy applies to documents (and workers), not to a script or stylesheet
    // a page loads: on each of these files it was only bytes on the wire. Hashed names never change
    // content, so no validators either (immutable, kept a year).
    res.removeHeader("Content-Security-Policy");
    res.sendFile(
      `${name}${SUFFIX[encoding]}`,
      {
        root: assetsDir,
        maxAge: "1y",
        immutable: true,
        etag: false,
        lastModified: false,
        dotfiles: "deny",
        headers: { "Content-Type": type, "Content-Encoding": encoding },
      },
      (error) => {
        // A visitor who left mid-download (ECONNABORTED) is nobody's error, and no outage.
        if (error && (error as NodeJS.ErrnoException).code !== "ECONNABORTED") next(error);
      },
    );
  };
}
