// The search index as the server sends it: built once per version of the public list (the list
// cache hands out the same array until a restaurant changes), compressed once, named by a hash of
// its content so browsers and CDNs may keep it forever.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Restaurant } from "./types";
import { toIndexRow } from "./search-index";

export interface BuiltSearchIndex {
  version: string;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const built = new WeakMap<readonly Restaurant[], BuiltSearchIndex>();

export function searchIndexOf(list: readonly Restaurant[]): BuiltSearchIndex {
  let index = built.get(list);
  if (!index) {
    const json = Buffer.from(JSON.stringify(list.map(toIndexRow)));
    index = {
      version: createHash("sha1").update(json).digest("base64url").slice(0, 16),
      json,
      gzip: gzipSync(json, { level: 6 }),
      br: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } }),
    };
    built.set(list, index);
  }
  return index;
}
