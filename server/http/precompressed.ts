// A response body kept ready in every encoding a client may ask for, compressed once: serving it
// costs no compression. Used by the page cache and the home page's search index.
import type { ServerResponse } from "node:http";
import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

export interface Precompressed {
  raw: Buffer;
  /** Made when first asked for, unless made at once (`precompress`). */
  gzip?: Buffer;
  br?: Buffer;
}

export type Encoding = "br" | "gzip";

const brotli = (quality: number, raw: Buffer) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
});

const quick: Record<Encoding, (raw: Buffer) => Buffer> = {
  gzip: (raw) => gzipSync(raw, { level: 6 }),
  br: (raw) => brotliCompressSync(raw, brotli(6, raw)),
};

/**
 * Quick compression (a few ms for a page), so the body can be served at once: in both encodings,
 * or only in the one the request at hand takes (a page rendered for one visitor: the other is made
 * if another visitor asks for it, which spared a fifth of an uncached render's CPU).
 */
export function precompress(raw: Buffer, only?: Encoding | null): Precompressed {
  if (only === undefined) return { raw, gzip: quick.gzip(raw), br: quick.br(raw) };
  return only === null ? { raw } : { raw, [only]: quick[only](raw) };
}

/** The body in `encoding` (raw for none), made and kept the first time; `added` is what that kept. */
export function variantOf(body: Precompressed, encoding: Encoding | null): { data: Buffer; added: number } {
  if (encoding === null) return { data: body.raw, added: 0 };
  const kept = body[encoding];
  if (kept) return { data: kept, added: 0 };
  const made = quick[encoding](body.raw);
  body[encoding] = made;
  return { data: made, added: made.length };
}

/** Densest-brotli jobs waiting for their turn (see `densify`). */
const waiting: Array<() => void> = [];
let densifying = false;

function nextDensify(): void {
  const job = waiting.shift();
  densifying = job !== undefined;
  job?.();
}

/**
 * Makes the densest brotli (about 10 % smaller, some 40–100 ms of one thread for a page) off the
 * main thread, and hands it to `apply` when it is smaller than the one kept.
 *
 * One at a time, in the order asked: libuv has four threads for the whole process, and the answers
 * compressed as they stream (a 404, a signed-in page) and file reads wait for the same threads.
 * When the cache had just been emptied, its twenty-odd pages each asked for the densest brotli at
 * their first hit, all at once, and a 404 waited seconds behind them (on a slow machine, more than
 * ten). `stillWanted` is asked when the job's turn comes: a page no longer cached is not compressed.
 */
export function densify(
  body: Precompressed,
  apply: (dense: Buffer) => void,
  stillWanted: () => boolean = () => true,
): void {
  waiting.push(() => {
    if (!stillWanted()) return nextDensify();
    brotliCompress(body.raw, brotli(11, body.raw), (error, dense) => {
      try {
        if (!error && (!body.br || dense.length < body.br.length)) apply(dense);
      } finally {
        nextDensify();
      }
    });
  });
  if (!densifying) nextDensify();
}

/**
 * What the last Accept-Encoding read accepts: a browser sends the same one with every request, and
 * a cached page asks on each (two regular expressions: 0.2–0.4 µs).
 */
let lastAccepted = { acceptEncoding: "", br: false, gzip: false };

/** The encoding to send, of those at hand, that the client accepts: brotli, then gzip, else none. */
export function chooseEncoding(
  acceptEncoding: string,
  has: (encoding: "br" | "gzip") => boolean = () => true,
): "br" | "gzip" | null {
  if (lastAccepted.acceptEncoding !== acceptEncoding)
    lastAccepted = { acceptEncoding, br: /\bbr\b/.test(acceptEncoding), gzip: /\bgzip\b/.test(acceptEncoding) };
  if (lastAccepted.br && has("br")) return "br";
  if (lastAccepted.gzip && has("gzip")) return "gzip";
  return null;
}

/**
 * Ends the response with the variant the client accepts (brotli, then gzip, else none), made now
 * if it was not yet; returns the bytes that added to the body (for a cache's accounting).
 */
export function sendPrecompressed(
  res: ServerResponse,
  body: Precompressed,
  acceptEncoding: string,
  head: boolean,
): number {
  const encoding = chooseEncoding(acceptEncoding);
  const { data, added } = variantOf(body, encoding);
  // Setting Content-Encoding also tells the compression middleware the body is already compressed.
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", data.length);
  res.statusCode = 200;
  res.end(head ? undefined : data);
  return added;
}
