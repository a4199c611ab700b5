// The client build's hashed files, sent in the densest compression made at build time (brotli 11,
// gzip 9; see vite.config.ts) when the browser accepts it, instead of compressing them on every
// request at the middleware's quick levels. Files without a compressed copy fall through.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

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
    const [encoding, suffix] = /\bbr\b/.test(accepted) && files.has(`${name}.br`) ? ["br", ".br"] : /\bgzip\b/.test(accepted) && files.has(`${name}.gz`) ? ["gzip", ".gz"] : [null, ""];
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    // A Content-Security-Policy applies to documents (and workers), not to a script or stylesheet
    // a page loads: on each of these files it was only bytes on the wire. Hashed names never change
    // content, so no validators either (immutable, kept a year).
    res.removeHeader("Content-Security-Policy");
    res.sendFile(
      `${name}${suffix}`,
      { root: assetsDir, maxAge: "1y", immutable: true, etag: false, lastModified: false, dotfiles: "deny", headers: { "Content-Type": type, "Content-Encoding": encoding } },
      (error) => {
        if (error) next(error);
      },
    );
  };
}
