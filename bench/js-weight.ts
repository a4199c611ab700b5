// Where a script's compressed bytes come from: each source module's share of a client chunk, as the
// bytes the chunk's brotli copy would lose without that module's code (its marginal weight; a module
// that repeats what the rest of the file says weighs little however long it is). For deciding what
// to move out of a first visit's files, not a budget. It reads the chunk's source map, so the client
// build must have them: `KTA_SOURCEMAP=1 npm run build` (same file names; the maps are then served
// too, so rebuild without it before anything is published).
import { readFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

export interface SourceWeight {
  /** The module's path as the source map names it (node_modules/… or app/…). */
  source: string;
  /** Minified bytes of the chunk written from this module. */
  rawBytes: number;
  /** Bytes the chunk's brotli copy (quality 11, as the build writes it) loses without this module's code. */
  marginalBytes: number;
}

export interface ChunkWeight {
  file: string;
  /** The chunk's brotli size at quality 11 (its `.br`, without the source map's comment). */
  brotliBytes: number;
  /** Heaviest first. */
  sources: SourceWeight[];
}

const brotli = (text: string) =>
  brotliCompressSync(Buffer.from(text), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
  }).length;

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The mappings' segments as [generated column, source index] per generated line (source map v3's VLQ). */
function decodeMappings(mappings: string): [number, number | undefined][][] {
  const lines: [number, number | undefined][][] = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments: [number, number | undefined][] = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1] ?? 0;
      segments.push([column, fields.length > 1 ? source : undefined]);
    }
    lines.push(segments);
  }
  return lines;
}

/** `file`: a client chunk's path (build/client/assets/<name>.js) with its `.map` beside it. */
export function chunkWeight(file: string): ChunkWeight {
  const code = readFileSync(file, "utf8").replace(/\n\/\/# sourceMappingURL=.*\s*$/, "");
  const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[]; mappings: string };
  // Each mapped stretch of the minified code, by its start offset, with the module it came from.
  const starts: { at: number; source: string }[] = [];
  let lineStart = 0;
  const codeLines = code.split("\n");
  decodeMappings(map.mappings).forEach((segments, line) => {
    for (const [column, index] of segments) {
      const source = index === undefined ? "(bundler)" : (map.sources[index] ?? "(bundler)");
      starts.push({ at: lineStart + column, source: source.replace(/^(?:\.\.\/)+/, "") });
    }
    lineStart += (codeLines[line]?.length ?? 0) + 1;
  });
  starts.sort((a, b) => a.at - b.at);
  const stretches = starts.map(({ at, source }, i) => ({ at, end: starts[i + 1]?.at ?? code.length, source }));
  const brotliBytes = brotli(code);
  const sources = [...new Set(stretches.map((stretch) => stretch.source))].map((source) => {
    let without = "";
    let kept = 0;
    let rawBytes = 0;
    for (const stretch of stretches) {
      if (stretch.source !== source) continue;
      without += code.slice(kept, stretch.at);
      kept = stretch.end;
      rawBytes += stretch.end - stretch.at;
    }
    without += code.slice(kept);
    return { source, rawBytes, marginalBytes: brotliBytes - brotli(without) };
  });
  sources.sort((a, b) => b.marginalBytes - a.marginalBytes);
  return { file: file.split("/").pop() ?? file, brotliBytes, sources };
}
