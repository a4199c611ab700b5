// POST /api/uploads?kind=photo|teuda|menu|pdf — one multipart file field named "file", streamed
// through busboy with a size cut-off, then checked and stored by processUpload.
import busboy from "busboy";
import type { Request, RequestHandler, Response } from "express";
import { imageFiles } from "../../app/lib/images";
import type { Storage } from "./storage";
import { isUploadKind, processUpload, UPLOAD_LIMITS, UploadError, uploadErrorMessage, type UploadKind } from "./processing";

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

/** True when the request body has been read to its end (nothing left for the socket to carry). */
function bodyDone(req: Request): boolean {
  return req.readableEnded || req.complete;
}

async function handleUpload(req: Request, res: Response, options: UploadRouteOptions): Promise<void> {
  const kindParam = req.query.kind;
  if (!isUploadKind(kindParam)) {
    reply(req, res, 400, { error: "upload.failedFile" }, !bodyDone(req));
    return;
  }
  const kind: UploadKind = kindParam;

  let uploader: string | null;
  try {
    uploader = await options.authorize(req);
  } catch (error) {
    console.error("Upload authorization failed", error);
    reply(req, res, 500, { error: uploadErrorMessage(kind, "failed") }, !bodyDone(req));
    return;
  }
  if (uploader === null) {
    reply(req, res, 403, { error: "forbidden" }, !bodyDone(req));
    return;
  }

  const limit = UPLOAD_LIMITS[kind];
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, defParamCharset: "utf8", limits: { files: 1, fileSize: limit + 1, fields: 5, parts: 8 } });
  } catch {
    // Not multipart/form-data (or no boundary).
    reply(req, res, 400, { error: uploadErrorMessage(kind, "failed") }, !bodyDone(req));
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
    const refuse = (status: number, code: "tooLarge" | "failed") => {
      if (settled) return;
      req.unpipe(parser);
      chunks.length = 0;
      reply(req, res, status, { error: uploadErrorMessage(kind, code) }, true);
      finish(null);
    };

    parser.on("file", (field, file, info) => {
      // A form that ends inside a file fails the parser and, with it, the file's stream: that
      // error must be heard here, or it would end the process.
      file.on("error", () => refuse(400, "failed"));
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
          refuse(413, "tooLarge");
          return;
        }
        chunks.push(chunk);
      });
      file.on("limit", () => {
        file.destroy();
        refuse(413, "tooLarge");
      });
    });
    parser.on("filesLimit", () => refuse(400, "failed"));
    parser.on("partsLimit", () => refuse(400, "failed"));
    parser.on("error", () => refuse(400, "failed"));
    parser.on("close", () => {
      if (settled) return;
      if (fileName === null) {
        refuse(400, "failed");
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
    if (error instanceof UploadError && error.code !== "failed") {
      if (error.code === "unavailable") console.error("Upload failed: storage unavailable", error);
      reply(req, res, error.code === "tooLarge" ? 413 : error.code === "unavailable" ? 503 : 400, { error: uploadErrorMessage(kind, error.code) });
      return;
    }
    // A storage or processing fault on our side: the file itself was not refused.
    console.error("Upload failed", error);
    reply(req, res, 500, { error: uploadErrorMessage(kind, "failed") });
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
