// Checking and processing one uploaded file. Everything is decided by the bytes, never by the file
// name or the declared MIME type: images are sniffed by magic bytes, decoded by sharp under a pixel
// limit, and re-encoded as WebP (which drops EXIF/GPS/ICC metadata); PDFs must start with "%PDF-".
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import {
  IMAGE_FORMATS,
  UPLOAD_REFUSAL_CODE,
  UPLOAD_RULES,
  uploadErrorMessage,
  type ImageFormat,
  type UploadKind,
  type UploadProblem,
} from "../../app/features/restaurants/editing/upload-rules";
import { AppError } from "../../app/lib/errors";
import { IMAGE_WIDTHS } from "../../app/lib/images";
import type { MessageKey } from "../../app/locales/en";
import { StorageUnavailableError, type Storage } from "./storage";

/**
 * A file refused by the upload rules (too large, not of its kind) or while the storage is out of
 * reach: an AppError whose code decides the status (UPLOAD_REFUSAL_CODE) and whose message is the
 * kind's (upload-rules.ts). The import reports it on the rows that name the file.
 */
export class UploadError extends AppError {
  override name = "UploadError";
  constructor(
    readonly kind: UploadKind,
    readonly problem: Exclude<UploadProblem, "failed">,
    detail?: string,
    options: { cause?: unknown } = {},
  ) {
    super(UPLOAD_REFUSAL_CODE[problem], uploadErrorMessage(kind, problem), { subject: detail, cause: options.cause });
  }
}

/**
 * Checking or storing a file failed on our side (the file itself was not refused): not an AppError,
 * so the route logs it and answers 500 with the kind's message, as for any fault.
 */
export class UploadFailedError extends Error {
  override name = "UploadFailedError";
  constructor(
    readonly kind: UploadKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get messageKey(): MessageKey {
    return uploadErrorMessage(this.kind, "failed");
  }
}

export interface StoredUpload {
  url: string;
  name: string;
  size: number;
  type: string;
}

// The widths the pages ask for (srcset); one list for both sides.
export { IMAGE_WIDTHS };

/** Decoding limits: a pixel flood (small file, huge declared size) or a corrupt file is refused. */
const DECODE_OPTIONS = { limitInputPixels: 40_000_000, failOn: "error" } as const;
const WEBP_QUALITY = 78;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image format by magic bytes, or null for anything that is not JPEG, PNG, GIF or WebP. */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_MAGIC)) return "png";
  if (data.length >= 6) {
    const head = data.toString("latin1", 0, 6);
    if (head === "GIF87a" || head === "GIF89a") return "gif";
  }
  if (data.length >= 12 && data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP")
    return "webp";
  return null;
}

export function isPdf(data: Buffer): boolean {
  return data.length >= 5 && data.toString("latin1", 0, 5) === "%PDF-";
}

// C0/C1 controls, and bidirectional overrides/isolates that could disguise an extension.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME_LENGTH = 100;

/** A display name from a user's file name: no directories, no control characters, at most 100 characters, the given extension. */
export function cleanDisplayName(originalName: string, extension: ".webp" | ".pdf", fallbackStem: string): string {
  const base = originalName.slice(Math.max(originalName.lastIndexOf("/"), originalName.lastIndexOf("\\")) + 1);
  let stem = base.replace(UNSAFE_NAME_CHARS, "").trim();
  const dot = stem.lastIndexOf(".");
  if (dot > 0) stem = stem.slice(0, dot);
  stem = stem
    .replace(/\.{2,}/g, ".")
    .replace(/^[.\s]+/, "")
    .trim();
  // Count code points, so a cut never splits a surrogate pair.
  const chars = Array.from(stem).slice(0, MAX_NAME_LENGTH - extension.length);
  stem = chars.join("").trim();
  return (stem || fallbackStem) + extension;
}

function randomId(): string {
  return randomBytes(12).toString("hex");
}

async function storeAll(kind: UploadKind, storage: Storage, files: { key: string; data: Buffer }[]): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const file of files) urls.push(await storage.put(file.key, file.data));
    return urls;
  } catch (error) {
    // Leave nothing half-stored behind.
    await Promise.allSettled(urls.map((url) => storage.remove(url)));
    if (error instanceof StorageUnavailableError)
      throw new UploadError(kind, "unavailable", "storing the upload", { cause: error });
    throw new UploadFailedError(kind, "Storing the upload failed", { cause: error });
  }
}

/** One stored width of an image: WebP bytes. */
export interface ImageVariant {
  width: number;
  data: Buffer;
}

/**
 * What decides the bytes encodeImage makes besides the image itself (the widths, the quality, the
 * versions of sharp and of the libraries it bundles): a cache of encoded images keys on it, so a
 * change to any of them makes new entries instead of reusing old ones.
 */
export const IMAGE_ENCODING = JSON.stringify({
  webpQuality: WEBP_QUALITY,
  widths: IMAGE_WIDTHS,
  sharp: sharp.versions,
});

/**
 * Checks an image by its bytes and encodes it as WebP in the widths that fit it (narrowest first);
 * throws UploadError when it is not an image we take.
 */
export async function encodeImage(kind: Exclude<UploadKind, "pdf">, data: Buffer): Promise<ImageVariant[]> {
  if (!sniffImageFormat(data)) throw new UploadError(kind, "notImage", "not a JPEG, PNG, GIF or WebP image");
  try {
    const metadata = await sharp(data, DECODE_OPTIONS).metadata();
    if (!(IMAGE_FORMATS as readonly string[]).includes(metadata.format))
      throw new Error(`Unexpected format ${metadata.format}`);
    if (metadata.width * metadata.height > DECODE_OPTIONS.limitInputPixels) throw new Error("Too many pixels");
    const sourceWidth = metadata.autoOrient.width;
    const fitting: number[] = IMAGE_WIDTHS.filter((width) => width <= sourceWidth);
    const widths = fitting.length > 0 ? fitting : [sourceWidth];
    const variants: ImageVariant[] = [];
    for (const width of widths) {
      const output = await sharp(data, DECODE_OPTIONS)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      variants.push({ width, data: output });
    }
    return variants;
  } catch (error) {
    throw new UploadError(kind, "notImage", "the image could not be decoded", { cause: error });
  }
}

/**
 * Stores an image's variants (from encodeImage) under one new name, `<id>-<width>.webp` each; the
 * stored URL is the widest. processUpload does this for every image; the demo data does it with
 * variants it encoded once and kept (demo-pictures.ts).
 */
export async function storeImage(
  kind: Exclude<UploadKind, "pdf">,
  variants: ImageVariant[],
  originalName: string,
  storage: Storage,
  id: string = randomId(),
): Promise<StoredUpload> {
  const bucket = kind === "menu" ? "restaurant-menus" : "restaurant-images";
  const urls = await storeAll(
    kind,
    storage,
    variants.map((variant) => ({ key: `${bucket}/${id}-${variant.width}.webp`, data: variant.data })),
  );
  const largest = variants.length - 1;
  const url = urls[largest];
  const stored = variants[largest];
  if (url === undefined || stored === undefined) throw new UploadFailedError(kind, "No image variant was stored");
  return { url, name: cleanDisplayName(originalName, ".webp", "image"), size: stored.data.length, type: "image/webp" };
}

async function processPdf(data: Buffer, originalName: string, storage: Storage, id: string): Promise<StoredUpload> {
  if (!isPdf(data)) throw new UploadError("pdf", "notPdf", "not a PDF file");
  const [url] = await storeAll("pdf", storage, [{ key: `restaurant-menus/pdf_${id}.pdf`, data }]);
  if (url === undefined) throw new UploadFailedError("pdf", "The PDF was not stored");
  return { url, name: cleanDisplayName(originalName, ".pdf", "document"), size: data.length, type: "application/pdf" };
}

/** The random part of a stored file's name (24 hex digits). */
const FILE_ID = /^[0-9a-f]{24}$/;

/**
 * Checks one uploaded file by its content and stores it; throws UploadError when it is refused,
 * UploadFailedError when it could not be checked or stored.
 * `id` names the stored file (24 hex digits; a random one unless given): an import gives one made
 * from the file, so the same file imported twice is stored under the same name.
 */
export async function processUpload(
  kind: UploadKind,
  data: Buffer,
  originalName: string,
  storage: Storage,
  options: { id?: string } = {},
): Promise<StoredUpload> {
  if (data.length > UPLOAD_RULES[kind].maxBytes)
    throw new UploadError(kind, "tooLarge", `larger than ${UPLOAD_RULES[kind].maxBytes} bytes`);
  const id = options.id ?? randomId();
  if (!FILE_ID.test(id)) throw new Error(`A stored file's id is 24 hex digits, not ${JSON.stringify(id)}`);
  try {
    return kind === "pdf"
      ? await processPdf(data, originalName, storage, id)
      : await storeImage(kind, await encodeImage(kind, data), originalName, storage, id);
  } catch (error) {
    if (error instanceof UploadError || error instanceof UploadFailedError) throw error;
    throw new UploadFailedError(kind, "Processing the upload failed", { cause: error });
  }
}
