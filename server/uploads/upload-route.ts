// POST /api/uploads?kind=photo|teuda|menu|pdf — one multipart file field named "file", streamed
// through busboy with a size cut-off, then checked and stored by processUpload. The kinds, limits and
// messages are the upload rules the upload fields read too (upload-rules.ts); a refusal is an
// AppError answered with its code's status (ERROR_STATUS), a fault on our side a logged 500.
import busboy from "busboy";
import type { Request, RequestHandler, Response } from "express";
import {
  isUploadKind,
  UPLOAD_RULES,
  uploadErrorMessage,
  type UploadKind,
} from "../../app/features/restaurants/editing/upload-rules";
import { AppError, ERROR_STATUS } from "../../app/lib/errors";
import { imageFiles } from "../../app/lib/images";
import type { Storage } from "./storage";
import { processUpload, UploadError } from "./processing";

export interface UploadRouteOptions {
  storage: Storage;
  /** Resolves the id of the user uploading, or null if this request may not upload (the caller checks the session and role). */
  authorize: (req: Request) => Promise<string | null>;
  /** Records a stored upload (who, what kind) before it is answered; if this fails, the files are removed again. */
  record: (upload: { url: string; kind: UploadKind; uploadedBy: string }) => Promise<void>;
  /** Told how long checking, re-encoding and storing took (for the metrics). */
  processed?: (seconds: number, kind: UploadKind) => void;
}

/** Sends a JSON answer once; with `close`, ends the connection instead of reading the rest of the body. */
function reply(req: Request, res: Response, status: number, body: unknown, close = false): void {
  if (res.headersSent) return;
  res.status(status).set("Cache-Control", "no-store");
  if (close) {
    res.set("Connection", "close");
    // Whatever the client is still sending is not read: the socket goes once the answer is out.
    res.once("finish", () => req.destroy());
  }
  res.json(body);
}

/** A refusal (an AppError: a file too large, not of its kind, a request that is no upload), answered with its code's status. */
function refuseWith(req: Request, res: Response, error: AppError, close = false): void {
  reply(req, res, error.status, { error: error.messageKey }, close);
}

/** A fault on our side (not the file's): logged, answered 500 with the kind's message. */
function fail(req: Request, res: Response, kind: UploadKind, log: string, error: unknown, close = false): void {
  console.error(log, error);
  reply(req, res, 500, { error: uploadErrorMessage(kind, "failed") }, close);
}

/** True when the request body has been read to its end (nothing left for the socket to carry). */
function bodyDone(req: Request): boolean {
  return req.readableEnded || req.complete;
}

async function handleUpload(req: Request, res: Response, options: UploadRouteOptions): Promise<void> {
  const kindParam = req.query.kind;
  if (!isUploadKind(kindParam)) {
    // No kind, so no kind's message: the general "Failed to upload file".
    refuseWith(
      req,
      res,
      new AppError("invalid", "upload.failedFile", { subject: "unknown upload kind" }),
      !bodyDone(req),
    );
    return;
  }
  const kind: UploadKind = kindParam;

  let uploader: string | null;
  try {
    uploader = await options.authorize(req);
  } catch (error) {
    fail(req, res, kind, "Upload authorization failed", error, !bodyDone(req));
    return;
  }
  if (uploader === null) {
    // The body the upload client has always read: not a message key, so it shows the kind's "failed".
    reply(req, res, ERROR_STATUS.forbidden, { error: "forbidden" }, !bodyDone(req));
    return;
  }
  /** The request is not a proper upload (not multipart, no file, a form cut short): the kind's "failed" message, 400. */
  const malformed = (subject: string) => new AppError("invalid", uploadErrorMessage(kind, "failed"), { subject });

  const limit = UPLOAD_RULES[kind].maxBytes;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: limit + 1, fields: 5, parts: 8 },
    });
  } catch {
    // Not multipart/form-data (or no boundary).
    refuseWith(req, res, malformed("not multipart/form-data"), !bodyDone(req));
    return;
  }

  const received = await new Promise<{ data: Buffer; name: string } | null>((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let fileName: string | null = null;
    let settled = false;

    const finish = (result: { data: Buffer; name: string } | null) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    /** Stops reading the body and answers with an error. */
    const refuse = (error: AppError) => {
      if (settled) return;
      req.unpipe(parser);
      chunks.length = 0;
      refuseWith(req, res, error, true);
      finish(null);
    };
    const tooLarge = () => new UploadError(kind, "tooLarge", `over ${limit} bytes`);

    parser.on("file", (field, file, info) => {
      // A form that ends inside a file fails the parser and, with it, the file's stream: that
      // error must be heard here, or it would end the process.
      file.on("error", () => refuse(malformed("the form ended inside its file")));
      if (field !== "file" || fileName !== null || settled) {
        file.resume();
        return;
      }
      fileName = info.filename ?? "";
      file.on("data", (chunk: Buffer) => {
        if (settled) return;
        total += chunk.length;
        if (total > limit) {
          file.destroy();
          refuse(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      file.on("limit", () => {
        file.destroy();
        refuse(tooLarge());
      });
    });
    parser.on("filesLimit", () => refuse(malformed("more than one file")));
    parser.on("partsLimit", () => refuse(malformed("too many parts")));
    parser.on("error", () => refuse(malformed("unreadable form")));
    parser.on("close", () => {
      if (settled) return;
      if (fileName === null) {
        refuse(malformed("no file field"));
        return;
      }
      finish({ data: Buffer.concat(chunks, total), name: fileName });
    });
    req.on("error", () => finish(null));
    req.on("aborted", () => finish(null));
    req.pipe(parser);
  });
  if (!received) return;

  try {
    const started = process.hrtime.bigint();
    const stored = await processUpload(kind, received.data, received.name, options.storage);
    options.processed?.(Number(process.hrtime.bigint() - started) / 1e9, kind);
    try {
      await options.record({ url: stored.url, kind, uploadedBy: uploader });
    } catch (error) {
      // An upload nobody knows of could never be attached nor cleaned up: it is not kept.
      await Promise.allSettled(imageFiles(stored.url).map((url) => options.storage.remove(url)));
      throw error;
    }
    res.status(201).set("Cache-Control", "no-store").json(stored);
  } catch (error) {
    if (error instanceof UploadError) {
      if (error.problem === "unavailable") console.error("Upload failed: storage unavailable", error);
      refuseWith(req, res, error);
      return;
    }
    // A storage or processing fault on our side (UploadFailedError, or the record failing): the file itself was not refused.
    fail(req, res, kind, "Upload failed", error);
  }
}

export function uploadHandler(options: UploadRouteOptions): RequestHandler {
  return (req, res) => {
    handleUpload(req, res, options).catch((error: unknown) => {
      console.error("Upload failed", error);
      reply(req, res, 500, { error: "upload.failedFile" }, true);
    });
  };
}
