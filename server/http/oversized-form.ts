// A page's form that carries a file (route facts' `fileForm`) and is larger than the door takes:
// rather than a bare 413 that loses what the visitor typed, its text fields are read (the file's
// bytes are read and dropped, never kept) and the page's action is told the file was too large
// (`oversizedForm` in the services), so it answers with the page, that field's message in the
// page's language and everything else filled in again — with JavaScript and without. A body far
// larger than any genuine form is still refused at once with the connection closed.
import busboy from "busboy";
import type { Request, Response } from "express";

/** What the action is told: the text fields as sent, and the names of the file fields that had a file. */
export interface OversizedForm {
  fields: Record<string, string>;
  files: string[];
}

/** Bodies up to this size are read to recover the text fields; a larger one is refused unread. */
export const OVERSIZED_FORM_READ_MAX = 64 * 1024 * 1024;

const FIELD_LIMITS = { fields: 40, fieldSize: 16 * 1024, files: 4, parts: 50 };

/**
 * Reads an oversized multipart form's text fields, dropping its files; null when the body is not
 * a readable multipart form (the caller then refuses it as before).
 */
export function readOversizedForm(req: Request): Promise<OversizedForm | null> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: FIELD_LIMITS });
    } catch {
      resolve(null);
      return;
    }
    const form: OversizedForm = { fields: {}, files: [] };
    let settled = false;
    const settle = (value: OversizedForm | null) => {
      if (settled) return;
      settled = true;
      if (value === null) req.unpipe(parser);
      resolve(value);
    };
    parser.on("field", (name, value) => {
      if (!Object.hasOwn(form.fields, name)) form.fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (info.filename) form.files.push(name);
      // Read and dropped: only the fact that it was sent counts.
      stream.resume();
    });
    parser.on("close", () => settle(form));
    parser.on("error", () => settle(null));
    req.on("error", () => settle(null));
    req.on("aborted", () => settle(null));
    req.pipe(parser);
  });
}

/** Marks the request as carrying an oversized form (read by the load context). */
export function markOversized(res: Response, form: OversizedForm): void {
  res.locals.oversizedForm = form;
}
