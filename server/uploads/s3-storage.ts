// Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) for sites that run on more
// than one machine. Files keep their public URLs (/uploads/<key>): the app streams them from the
// bucket with the headers local files get, or sends visitors to a public base URL (a CDN) when one
// is configured. A bucket that cannot be reached is a StorageUnavailableError: the upload is
// refused with a message saying so, and nothing is kept.
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
  type HeadObjectCommandOutput,
} from "@aws-sdk/client-s3";
import type { Request, Response } from "express";
import type { S3StorageConfig } from "../config";
import {
  contentTypeOf,
  isPrivateFile,
  isValidStorageKey,
  keyOfUrl,
  PRIVATE_FILE_CACHE_CONTROL,
  STORED_FILE_CACHE_CONTROL,
  storedFileHeaders,
  StorageUnavailableError,
  UPLOADS_PUBLIC_BASE,
  type Storage,
} from "./storage";

/** How long one request to the bucket may take before it counts as an outage. */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/** True for the bucket's "no such file" answers (GetObject says NoSuchKey, HeadObject a bare 404). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

function isNotModified(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 304;
}

/** The bucket's "range not satisfiable" (InvalidRange): a visitor asking past the end of a file. */
function isUnsatisfiableRange(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416;
}

function sendNotFound(res: Response): void {
  res.status(404).type("text/plain; charset=utf-8").send("Not found");
}

/** Stores one object whole (one request), typed and cached like every stored file. */
export async function putObject(client: S3Client, bucket: string, key: string, data: Buffer): Promise<void> {
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: data,
      ContentType: contentTypeOf(key),
      CacheControl: STORED_FILE_CACHE_CONTROL,
    }),
  );
}

/** An object's size, or null when the bucket has no such key. */
export async function objectSize(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** An object's bytes, or null when the bucket has no such key. */
export async function getObject(client: S3Client, bucket: string, key: string): Promise<Buffer | null> {
  try {
    const output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return output.Body ? Buffer.from(await output.Body.transformToByteArray()) : Buffer.alloc(0);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** A bucket that answered is working, whatever it said; no answer at all (or a 5xx) is an outage. */
function unavailable(error: unknown, doing: string): Error {
  if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500) return error;
  return new StorageUnavailableError(`The upload bucket could not be reached (${doing})`, { cause: error });
}

export function createS3Storage(config: S3StorageConfig, client: S3Client = createS3Client(config)): Storage {
  const bucket = config.bucket;
  const publicBase = config.publicUrl?.replace(/\/+$/, "");

  async function send(req: Request, res: Response, key: string): Promise<void> {
    const head = req.method === "HEAD";
    const range = req.get("range");
    let output: GetObjectCommandOutput | HeadObjectCommandOutput;
    try {
      const input = {
        Bucket: bucket,
        Key: key,
        ...(req.get("if-none-match") ? { IfNoneMatch: req.get("if-none-match") } : {}),
      };
      output = head
        ? await client.send(new HeadObjectCommand(input))
        : await client.send(new GetObjectCommand({ ...input, ...(range ? { Range: range } : {}) }));
    } catch (error) {
      if (isNotModified(error)) {
        res
          .status(304)
          .set("Cache-Control", isPrivateFile(res) ? PRIVATE_FILE_CACHE_CONTROL : STORED_FILE_CACHE_CONTROL)
          .end();
        return;
      }
      if (isMissing(error)) {
        sendNotFound(res);
        return;
      }
      if (isUnsatisfiableRange(error)) {
        await sendUnsatisfiable(res, key);
        return;
      }
      throw unavailable(error, `reading ${key}`);
    }
    res.status(output.ContentRange ? 206 : 200);
    // The type is the one the app gave the name, not the object's own (storedFileHeaders).
    res.set({
      ...storedFileHeaders(key, isPrivateFile(res)),
      "Accept-Ranges": "bytes",
      ...(output.ContentLength !== undefined ? { "Content-Length": String(output.ContentLength) } : {}),
      ...(output.ETag ? { ETag: output.ETag } : {}),
      ...(output.LastModified ? { "Last-Modified": output.LastModified.toUTCString() } : {}),
      ...(output.ContentRange ? { "Content-Range": output.ContentRange } : {}),
    });
    const body = "Body" in output ? (output.Body as Readable | undefined) : undefined;
    if (head || !body) {
      body?.destroy();
      res.end();
      return;
    }
    // A visitor who leaves mid-file stops the download from the bucket too.
    res.once("close", () => body.destroy());
    body.once("error", () => res.destroy());
    body.pipe(res);
  }

  /**
   * Answers a range past the end of a file as local files are answered: 416 with the size to ask
   * within. Not every S3-compatible server says the size in its error, so it is asked for.
   */
  async function sendUnsatisfiable(res: Response, key: string): Promise<void> {
    let size: number | null;
    try {
      size = await objectSize(client, bucket, key);
    } catch (error) {
      throw unavailable(error, `reading ${key}`);
    }
    if (size === null) {
      sendNotFound(res);
      return;
    }
    res
      .status(416)
      .set("Content-Range", `bytes */${size}`)
      .type("text/plain; charset=utf-8")
      .send("Range not satisfiable");
  }

  return {
    async put(key, data) {
      if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
      try {
        await putObject(client, bucket, key, data);
      } catch (error) {
        throw unavailable(error, `storing ${key}`);
      }
      return `${UPLOADS_PUBLIC_BASE}/${key}`;
    },
    async remove(url) {
      const key = keyOfUrl(url);
      if (key === null) return;
      try {
        // Deleting a key that is not there succeeds (S3 semantics): removing twice is harmless.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, `deleting ${key}`);
      }
    },
    serve(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      let key: string;
      try {
        key = decodeURIComponent(req.path.slice(1));
      } catch {
        key = "";
      }
      if (!isValidStorageKey(key)) {
        sendNotFound(res);
        return;
      }
      // A held file is streamed here, never through the CDN, which would cache it.
      if (publicBase && !isPrivateFile(res)) {
        // The CDN serves the file; the redirect itself is as permanent as the file.
        res.set("Cache-Control", STORED_FILE_CACHE_CONTROL).redirect(301, `${publicBase}/${key}`);
        return;
      }
      send(req, res, key).catch((error: unknown) => {
        if (!(error instanceof StorageUnavailableError) || res.headersSent) return next(error);
        // Logged for the operator; the visitor's browser may try the image again later.
        console.error("[storage]", error);
        res
          .status(503)
          .set({ "Retry-After": "30", "Cache-Control": "no-store" })
          .type("text/plain; charset=utf-8")
          .send("Temporarily unavailable");
      });
    },
  };
}
