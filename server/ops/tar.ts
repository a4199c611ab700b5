// Backups' archive format (server/ops/backup/) and export bundles (server/ops/data-transfer/):
// plain tar inside gzip, written and read with tar-stream. Writes regular files only; reads them,
// skipping directories and pax headers (an archive repacked by GNU or BSD tar still reads).
//
// tar-stream parses; the rules below are ours, kept around it because tar-stream has other ones:
// - Regular files and (empty) directories only: links, devices, FIFOs and unknown types are refused.
//   Names are passed on exactly as the archive has them (`../`, `/`, `\` included): each caller
//   holds them to the names it makes (isUploadKey, isValidStorageKey), and writes nothing else.
// - The archive ends at its end marker: tar-stream reads on past it, so `Framing` walks the same
//   headers and refuses an entry after it, or more than MAX_UNSEEN bytes of anything.
// - What a reader never sees (a pax header, a GNU long name, the zeros after the end marker) is
//   held to MAX_UNSEEN, checked before tar-stream buffers it (it would hold a header up to 4 MB).
// - A directory has no data: tar-stream would read a directory's data as headers.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { extract as tarExtract, pack as tarPack, type Extract, type Header, type Pack } from "tar-stream";

const BLOCK = 512;
/**
 * What a reader never sees — a directory, a pax header (a long name, a time), the zeros GNU and BSD
 * tar pad the last record with — is a few KB. Beyond this it is no archive a tar program made, and
 * reading through it would only decompress a bomb.
 */
const MAX_UNSEEN = 1 << 20;

export class TarFormatError extends Error {
  override name = "TarFormatError";
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; what is not read is skipped before the next entry. */
  body(): AsyncGenerator<Buffer>;
}

export interface TarWriter {
  addBuffer(name: string, data: Buffer, mtime: Date): Promise<void>;
  /** Adds `size` bytes of `file` (an error if it holds fewer). */
  addFile(name: string, file: string, size: number, mtime: Date): Promise<void>;
}

/** Writes a gzipped tar to `out` (through a temporary file beside it, mode 0600); returns its size. */
export async function writeArchive(out: string, fill: (tar: TarWriter) => Promise<void>): Promise<number> {
  await mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial-${randomBytes(4).toString("hex")}`;
  const archive = tarPack();
  const done = pipeline(
    Readable.from(archive, { objectMode: false }),
    createGzip(),
    createWriteStream(partial, { flags: "wx", mode: 0o600 }),
  );
  // Until `done` is awaited, a failed write must not become an unhandled rejection.
  done.catch(() => {});
  const tar: TarWriter = {
    async addBuffer(name, data, mtime) {
      await addEntry(archive, done, name, data.length, mtime, [data]);
    },
    async addFile(name, file, size, mtime) {
      const chunks = size > 0 ? (createReadStream(file, { start: 0, end: size - 1 }) as AsyncIterable<Buffer>) : [];
      const written = await addEntry(archive, done, name, size, mtime, chunks);
      if (written !== size)
        throw new TarFormatError(`${file} shrank while it was being backed up; run the backup again.`);
    },
  };
  try {
    await fill(tar);
    archive.finalize();
    await done;
    await rename(partial, out);
    return (await stat(out)).size;
  } catch (error) {
    archive.destroy();
    await done.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** Writes one regular file's entry of `size` bytes; returns how many `chunks` held (the entry is left unfinished when not `size`). */
async function addEntry(
  archive: Pack,
  done: Promise<void>,
  name: string,
  size: number,
  mtime: Date,
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
) {
  let sink!: ReturnType<Pack["entry"]>;
  const added = new Promise<void>((resolve, reject) => {
    sink = archive.entry({ name, size, mtime, mode: 0o644, type: "file" }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
  added.catch(() => {});
  let written = 0;
  for await (const chunk of chunks) {
    written += chunk.length;
    if (written > size) return written;
    if (!sink.write(chunk))
      await Promise.race([new Promise<void>((resolve) => sink.once("drain", () => resolve())), added, done]);
  }
  if (written !== size) return written;
  // (streamx types `end` with a required argument; undefined ends without writing.)
  sink.end(undefined);
  await Promise.race([added, done]);
  return written;
}

/** The entries of a tar stream. Ends at the end marker, after reading what follows it (gzip's checksum). */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const extract = tarExtract();
  const framing = new Framing();
  const feeding = feed(source, extract, framing);
  const entries = extract[Symbol.asyncIterator]();
  const explain = (error: unknown) => framing.explain(error);
  let finished = false;
  try {
    for (;;) {
      const next = await entries.next().catch((error: unknown) => Promise.reject(explain(error)));
      if (next.done) break;
      const { header, offset } = next.value;
      const name = header.name;
      framing.entry(offset, header);
      if (header.type === "directory" && header.size > 0)
        throw new TarFormatError(`a directory of ${header.size} bytes`);
      if (header.type !== "file" && header.type !== "directory")
        throw new TarFormatError(`unsupported entry type ${JSON.stringify(header.type ?? "unknown")} for ${name}`);
      const chunks = next.value[Symbol.asyncIterator]();
      const read = async () => {
        const chunk = await chunks.next().catch((error: unknown) => Promise.reject(explain(error)));
        return chunk.done ? null : (chunk.value as Buffer);
      };
      if (header.type === "file") {
        yield {
          name,
          size: header.size,
          body: async function* () {
            for (let chunk = await read(); chunk; chunk = await read()) yield chunk;
          },
        };
      }
      while (await read()) {
        // What the reader did not read.
      }
    }
    await feeding;
    framing.finish();
    finished = true;
  } finally {
    if (!finished) extract.destroy();
  }
}

/** Writes `source` into `extract`, through `framing`; any error (gzip's, the framing's) destroys `extract` with it. */
async function feed(source: AsyncIterable<Buffer>, extract: Extract, framing: Framing): Promise<void> {
  try {
    for await (const chunk of source) {
      if (extract.destroying) break;
      framing.fed(chunk);
      if (!extract.write(chunk)) {
        await new Promise<void>((resolve) => {
          const go = () => {
            extract.off("drain", go);
            extract.off("close", go);
            resolve();
          };
          extract.on("drain", go);
          extract.on("close", go);
        });
      }
    }
    if (!extract.destroying) extract.end(undefined);
  } catch (error) {
    extract.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/**
 * Walks the archive's headers alongside tar-stream, from what is fed to it: past each entry (as
 * tar-stream yields it) and each pax header or GNU long name (read here, so that one too large is
 * refused before tar-stream holds it), to the end marker. It holds the bytes from the next header
 * on, so no more than MAX_UNSEEN plus what tar-stream has not yet taken.
 */
class Framing {
  /** Bytes fed so far. */
  #position = 0;
  /** Where the next header is. */
  #next = 0;
  /** The fed bytes from #next on. */
  #held: Buffer[] = [];
  /** The header at #next is an entry's, for tar-stream to yield. */
  #waiting = false;
  /** Where the end marker is, once seen. */
  #end: number | null = null;

  fed(chunk: Buffer): void {
    const start = this.#position;
    this.#position += chunk.length;
    if (this.#end !== null) {
      if (this.#position - this.#end - BLOCK > MAX_UNSEEN) throw new TarFormatError("it goes on after its end marker");
      return;
    }
    if (this.#position > this.#next) this.#held.push(start >= this.#next ? chunk : chunk.subarray(this.#next - start));
    this.#advance();
  }

  /** tar-stream yields an entry whose header is at `offset`. */
  entry(offset: number, header: Header): void {
    if (this.#end !== null) throw new TarFormatError("it goes on after its end marker");
    if (!this.#waiting || offset !== this.#next)
      throw new TarFormatError("a header is not where the previous entry ends");
    if (!Number.isSafeInteger(header.size) || header.size < 0)
      throw new TarFormatError("a header field is not a number");
    this.#waiting = false;
    this.#moveTo(offset + BLOCK + (header.type === "directory" ? 0 : padded(header.size)));
    this.#advance();
  }

  /** After the last byte: the end marker must have come. */
  finish(): void {
    if (this.#end === null) throw new TarFormatError("the archive ends without its end marker");
  }

  /** tar-stream's errors, in the words ours had; others (gzip's, ours) as they are. */
  explain(error: unknown): unknown {
    if (error instanceof TarFormatError || !(error instanceof Error) || "code" in error) return error;
    if (this.#end !== null) return new TarFormatError("it goes on after its end marker");
    if (error.message === "Unexpected end of data") return new TarFormatError("the archive ends inside an entry");
    if (error.message === "Invalid header") return new TarFormatError("a header field is not a number");
    if (error.message.startsWith("Invalid tar header. Maybe"))
      return new TarFormatError("a header's checksum is wrong");
    if (error.message === "Invalid tar header: unknown format.")
      return new TarFormatError("a header is not in ustar format");
    return new TarFormatError(error.message);
  }

  #advance(): void {
    while (!this.#waiting && this.#end === null) {
      const header = this.#header();
      if (!header) return;
      if (isEndBlock(header)) {
        this.#end = this.#next;
        this.#held = [];
        if (this.#position - this.#end - BLOCK > MAX_UNSEEN)
          throw new TarFormatError("it goes on after its end marker");
        return;
      }
      const type = String.fromCharCode(header[156] ?? 0);
      if (!"xgLKN".includes(type)) {
        this.#waiting = true;
        return;
      }
      // As tar-stream reads it: a pax header (x, g) or a GNU long name (L, K, N), then its data.
      const size = readSize(header);
      if (size > MAX_UNSEEN)
        throw new TarFormatError(`${type === "x" || type === "g" ? "a pax header" : "a long name"} of ${size} bytes`);
      this.#moveTo(this.#next + BLOCK + padded(size));
    }
  }

  /** The 512 bytes at #next, once fed. */
  #header(): Buffer | null {
    if (this.#position - this.#next < BLOCK) return null;
    const parts: Buffer[] = [];
    for (let i = 0, length = 0; length < BLOCK && i < this.#held.length; i++) {
      const part = this.#held[i] ?? Buffer.alloc(0);
      parts.push(part);
      length += part.length;
    }
    return Buffer.concat(parts).subarray(0, BLOCK);
  }

  #moveTo(next: number): void {
    let skip = next - this.#next;
    for (let first = this.#held[0]; skip > 0 && first; first = this.#held[0]) {
      if (first.length <= skip) {
        this.#held.shift();
        skip -= first.length;
      } else {
        this.#held[0] = first.subarray(skip);
        skip = 0;
      }
    }
    this.#next = next;
  }
}

const padded = (size: number) => size + ((BLOCK - (size % BLOCK)) % BLOCK);

/** A block tar-stream takes for an end marker: zeros, but for the checksum field. */
function isEndBlock(block: Buffer): boolean {
  for (let i = 0; i < BLOCK; i++) if ((i < 148 || i >= 156) && block[i] !== 0) return false;
  return true;
}

/** A header's size field, octal as ustar writes it (strictly: a field tar-stream would read otherwise is refused). */
function readSize(header: Buffer): number {
  const text = header
    .subarray(124, 136)
    .toString("latin1")
    .replace(/[\0 ]+$/, "")
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError("a header field is not a number");
  return Number.parseInt(text, 8);
}

/** The decompressed bytes of a gzipped file; destroy() when done (also stops reading the file). */
export function openGzip(file: string): Readable {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  gunzip.on("close", () => input.destroy());
  input.pipe(gunzip);
  return gunzip;
}
