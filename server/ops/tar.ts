// Backups' archive format (server/ops/backup/): plain ustar inside gzip, written and read with
// node:zlib in a few dozen lines — the tar packages on npm are not among our production
// dependencies (tar-stream is only here for lighthouse), and backups must run in the production
// image. Writes regular files only; reads them, skipping directories and pax headers (an archive
// repacked by GNU or BSD tar still reads).
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;
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
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
  // Until `done` is awaited, a failed write must not become an unhandled rejection.
  done.catch(() => {});
  const write = async (data: Buffer) => {
    if (!gzip.write(data)) await Promise.race([once(gzip, "drain"), done]);
  };
  const pad = (size: number) => (size % BLOCK === 0 ? Promise.resolve() : write(Buffer.alloc(BLOCK - (size % BLOCK))));
  const tar: TarWriter = {
    async addBuffer(name, data, mtime) {
      await write(tarHeader(name, data.length, mtime));
      await write(data);
      await pad(data.length);
    },
    async addFile(name, file, size, mtime) {
      await write(tarHeader(name, size, mtime));
      let written = 0;
      if (size > 0) {
        for await (const chunk of createReadStream(file, { start: 0, end: size - 1 }) as AsyncIterable<Buffer>) {
          written += chunk.length;
          await write(chunk);
        }
      }
      if (written !== size) throw new TarFormatError(`${file} shrank while it was being backed up; run the backup again.`);
      await pad(size);
    },
  };
  try {
    await fill(tar);
    await write(Buffer.alloc(2 * BLOCK));
    gzip.end();
    await done;
    await rename(partial, out);
    return (await stat(out)).size;
  } catch (error) {
    gzip.destroy();
    await done.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (size > MAX_SIZE) throw new TarFormatError(`${name} is too large for a backup entry (8 GB at most).`);
  const [prefix, base] = splitName(name);
  const header = Buffer.alloc(BLOCK);
  header.write(base, 0, 100, "utf8");
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.fill(0x20, 148, 156);
  header.write("0", 156, "latin1");
  header.write("ustar\u000000", 257, "latin1");
  header.write(prefix, 345, 155, "utf8");
  writeOctal(header, checksum(header), 148, 7);
  return header;
}

/** ustar keeps a path in two fields: a prefix of up to 155 bytes and a name of up to 100. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ["", name];
  for (let i = name.indexOf("/"); i > 0; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100 && base !== "") return [prefix, base];
  }
  throw new TarFormatError(`The path ${JSON.stringify(name)} is too long for a backup entry.`);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  header.write(value.toString(8).padStart(length - 1, "0") + "\0", offset, length, "latin1");
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .subarray(offset, offset + length)
    .toString("latin1")
    .replace(/[\0 ]+$/, "")
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError("a header field is not a number");
  return Number.parseInt(text, 8);
}

/** The entries of a tar stream. Ends at the end marker, after reading what follows it (gzip's checksum). */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const header = await reader.take(BLOCK, "the archive ends inside a header");
    if (!header) throw new TarFormatError("the archive ends without its end marker");
    if (header.every((byte) => byte === 0)) {
      // Drained, since the gzip trailer's checksum is verified at the end of the stream.
      let trailing = 0;
      for (let chunk = await reader.read(1 << 20); chunk.length > 0; chunk = await reader.read(1 << 20)) {
        trailing += chunk.length;
        if (trailing > MAX_UNSEEN) throw new TarFormatError("it goes on after its end marker");
      }
      return;
    }
    if (readOctal(header, 148, 8) !== checksum(header)) throw new TarFormatError("a header's checksum is wrong");
    if (!header.subarray(257, 262).equals(Buffer.from("ustar"))) throw new TarFormatError("a header is not in ustar format");
    const prefix = readString(header, 345, 155);
    const base = readString(header, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const size = readOctal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    let remaining = size;
    const body = async function* (): AsyncGenerator<Buffer> {
      while (remaining > 0) {
        const chunk = await reader.read(Math.min(remaining, 1 << 20));
        if (chunk.length === 0) throw new TarFormatError("the archive ends inside an entry");
        remaining -= chunk.length;
        yield chunk;
      }
    };
    if (type === "0" || type === "\0") yield { name, size, body };
    else if (type !== "5" && type !== "x" && type !== "g") throw new TarFormatError(`unsupported entry type ${JSON.stringify(type)} for ${name}`);
    else if (size > MAX_UNSEEN) throw new TarFormatError(`${type === "5" ? "a directory" : "a pax header"} of ${size} bytes`);
    for await (const _skipped of body()) {
      // What the reader did not read.
    }
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0 && !(await reader.take(padding, "the archive ends inside an entry"))) throw new TarFormatError("the archive ends inside an entry");
  }
}

/** Reads exact amounts from a stream of chunks. */
class ByteReader {
  #iterator: AsyncIterator<Buffer>;
  #chunks: Buffer[] = [];
  #length = 0;
  #ended = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.#iterator = source[Symbol.asyncIterator]();
  }

  async #fill(wanted: number): Promise<void> {
    while (this.#length < wanted && !this.#ended) {
      const next = await this.#iterator.next();
      if (next.done) this.#ended = true;
      else if (next.value.length > 0) {
        this.#chunks.push(next.value);
        this.#length += next.value.length;
      }
    }
  }

  /** Up to `max` bytes; an empty buffer at the end of the stream. */
  async read(max: number): Promise<Buffer> {
    await this.#fill(1);
    const first = this.#chunks[0];
    if (!first) return Buffer.alloc(0);
    if (first.length <= max) {
      this.#chunks.shift();
      this.#length -= first.length;
      return first;
    }
    this.#chunks[0] = first.subarray(max);
    this.#length -= max;
    return first.subarray(0, max);
  }

  /** Exactly `size` bytes; null at the end of the stream; an error when it ends before `size`. */
  async take(size: number, shortMessage: string): Promise<Buffer | null> {
    await this.#fill(size);
    if (this.#length === 0) return null;
    if (this.#length < size) throw new TarFormatError(shortMessage);
    const parts: Buffer[] = [];
    let needed = size;
    while (needed > 0) {
      const part = await this.read(needed);
      parts.push(part);
      needed -= part.length;
    }
    return Buffer.concat(parts);
  }
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
