// The search index as the server sends it: built once per version of the public list (the list
// cache hands out the same array until a restaurant changes) and named by a hash of its content,
// so browsers and CDNs may keep it forever. (The server compresses it once for sending.)
import { createHash } from "node:crypto";
import type { Restaurant } from "../core";
import { toIndexRow } from "./search-index";

export interface BuiltSearchIndex {
  version: string;
  json: Buffer;
}

const built = new WeakMap<readonly Restaurant[], BuiltSearchIndex>();

export function searchIndexOf(list: readonly Restaurant[]): BuiltSearchIndex {
  let index = built.get(list);
  if (!index) {
    const json = Buffer.from(JSON.stringify(list.map(toIndexRow)));
    index = { version: createHash("sha1").update(json).digest("base64url").slice(0, 16), json };
    built.set(list, index);
  }
  return index;
}
