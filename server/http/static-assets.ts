// The client build's hashed scripts and stylesheets, answered before Express from memory in the
// densest compression made at build time (brotli 11, gzip 9; see vite.config.ts), with only the
// headers a script or stylesheet uses. A first visit fetches some twenty of them over HTTP/1.1,
// where every header is paid again on every file: the document-only headers (a Content-Security-
// Policy, X-Frame-Options, Referrer-Policy, Cross-Origin-Opener-Policy, Permissions-Policy) do
// nothing on a script, and hashed names never change content, so no validators either
// (immutable, kept a year). Files without a compressed copy, and clients that accept neither
// encoding, are left to the next handler (express.static).
import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { RequestHandler } from "express";
import { chooseEncoding } from "./precompressed";

const PREFIX = "/assets/";
// No charset on scripts: every script here is a module script, which a browser always reads as
// UTF-8 whatever the header says, so the parameter was 15 bytes on every file for nothing. A
// stylesheet's charset does count (it is read in its header's encoding), so it keeps it.
const TYPES: Record<string, string> = { ".js": "text/javascript", ".css": "text/css; charset=utf-8" };

interface Asset {
  type: string;
  br?: Buffer;
  gzip?: Buffer;
}

export interface AssetServer {
  /** Answers a GET or HEAD for a compressed build asset; false when it is not one (the caller goes on). */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean;
  /** The same, as Express middleware under `/assets`. */
  middleware: RequestHandler;
}

function readAssets(assetsDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  let names: Set<string>;
  try {
    names = new Set(readdirSync(assetsDir));
  } catch {
    return assets; // no build (development through Vite)
  }
  for (const name of names) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const asset: Asset = { type };
    if (names.has(`${name}.br`)) asset.br = readFileSync(path.join(assetsDir, `${name}.br`));
    if (names.has(`${name}.gz`)) asset.gzip = readFileSync(path.join(assetsDir, `${name}.gz`));
    if (asset.br || asset.gzip) assets.set(name, asset);
  }
  return assets;
}

export function precompressedAssets(assetsDir: string): AssetServer {
  const assets = readAssets(assetsDir);
  const answer = (url: string, method: string | undefined, acceptEncoding: string, res: ServerResponse): boolean => {
    if (method !== "GET" && method !== "HEAD") return false;
    const query = url.indexOf("?");
    const name = url.slice(0, query === -1 ? undefined : query);
    const asset = assets.get(name);
    if (!asset) return false;
    const encoding = chooseEncoding(acceptEncoding, (candidate) => asset[candidate] !== undefined);
    const body = encoding && asset[encoding];
    if (!encoding || !body) return false;
    // No Strict-Transport-Security either: it is the host's, and every page (which loads these) carries it.
    // No `public` in Cache-Control: it only lets caches keep an answer to a request with credentials
    // (an Authorization header), which these requests never carry; any cache may keep them without it.
    const headers: Record<string, string | number> = {
      "Content-Type": asset.type,
      "Content-Encoding": encoding,
      "Content-Length": body.length,
      "Cache-Control": "max-age=31536000, immutable",
      Vary: "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    };
    // A connection kept open is said so in Node's own words, `Connection: keep-alive`, but without
    // the `Keep-Alive: timeout=5` line Node adds after it (23 bytes on every file): a header the
    // response sets itself takes the place of both, and the same connection's page, answered first,
    // has already told the browser how long it stays open. A connection Node is closing is left to it.
    if (res.shouldKeepAlive) headers.Connection = "keep-alive";
    // Whatever an earlier handler set for documents does not belong on a file.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    res.writeHead(200, headers);
    res.end(method === "HEAD" ? undefined : body);
    return true;
  };
  return {
    tryServe: (req, res) => {
      const url = req.url ?? "";
      return (
        url.startsWith(PREFIX) &&
        answer(url.slice(PREFIX.length), req.method, req.headers["accept-encoding"] ?? "", res)
      );
    },
    middleware: (req, res, next) => {
      // Mounted under /assets: Express has taken the prefix off req.url.
      if (!answer(req.url.slice(1), req.method, req.get("accept-encoding") ?? "", res)) next();
    },
  };
}
