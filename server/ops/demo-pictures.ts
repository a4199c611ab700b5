// The demo data's generated pictures, encoded once per machine. They are drawn from a seeded random
// sequence, so every load draws the same pictures, and rendering and encoding them (SVG -> PNG ->
// WebP in every width) is most of a demo load's time. The encoded widths are kept in a cache folder
// keyed by a hash of the picture and of everything that decides its bytes (IMAGE_ENCODING); each
// load still stores them through its own storage under new names, like any upload. The cache is
// best effort: an entry that cannot be read, or is not what was written, is encoded again, and a
// folder that cannot be written only means no cache.
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { encodeImage, IMAGE_ENCODING, sniffImageFormat, type ImageVariant } from "../uploads/processing";

/** node_modules/.cache, where tools keep what they can make again; none where there is no node_modules. */
export function defaultPictureCacheDir(cwd = process.cwd()): string | null {
  const modules = path.join(cwd, "node_modules");
  return existsSync(modules) ? path.join(modules, ".cache", "kosher-tel-aviv", "demo-pictures") : null;
}

type PictureKind = "photo" | "teuda" | "menu";

/**
 * The stored widths of a generated picture: read from the cache, or rendered from its SVG, checked
 * and encoded as any upload is (encodeImage), then kept in the cache.
 */
export async function encodeDemoPicture(
  svg: string,
  kind: PictureKind,
  cacheDir: string | null = defaultPictureCacheDir(),
): Promise<ImageVariant[]> {
  const file = cacheDir ? path.join(cacheDir, `${pictureKey(svg, kind)}.bin`) : null;
  if (file) {
    const cached = await readEntry(file);
    if (cached) return cached;
  }
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const variants = await encodeImage(kind, png);
  if (file) await writeEntry(file, variants);
  return variants;
}

function pictureKey(svg: string, kind: PictureKind): string {
  return createHash("sha256").update(IMAGE_ENCODING).update("\0").update(kind).update("\0").update(svg).digest("hex");
}

// An entry is one line of JSON (each width and its length in bytes), then the WebP files one after
// another.
async function readEntry(file: string): Promise<ImageVariant[] | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return null;
  let header: unknown;
  try {
    header = JSON.parse(bytes.toString("utf8", 0, newline));
  } catch {
    return null;
  }
  if (!Array.isArray(header) || header.length === 0) return null;
  const variants: ImageVariant[] = [];
  let offset = newline + 1;
  for (const entry of header as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) return null;
    const [width, length] = entry as unknown[];
    if (!Number.isInteger(width) || !Number.isInteger(length) || (length as number) <= 0) return null;
    const data = bytes.subarray(offset, offset + (length as number));
    if (data.length !== length || sniffImageFormat(data) !== "webp") return null;
    variants.push({ width: width as number, data: Buffer.from(data) });
    offset += length as number;
  }
  return offset === bytes.length ? variants : null;
}

async function writeEntry(file: string, variants: ImageVariant[]): Promise<void> {
  const header = JSON.stringify(variants.map((variant) => [variant.width, variant.data.length]));
  // Written aside and renamed into place, so a load running at the same time never reads half an entry.
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, Buffer.concat([Buffer.from(`${header}\n`), ...variants.map((variant) => variant.data)]));
    await rename(temporary, file);
  } catch {
    // No cache this time (a read-only or full disk): the pictures were made all the same.
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}
