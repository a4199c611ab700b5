// What may be uploaded, once for both sides: the kinds, their size limits, the image
// formats, and the message each refusal shows. The server checks every file by these rules
// (server/uploads/processing.ts, the upload route, an import's carried files); the upload fields use
// them for their `accept` attribute and to spare the user a pointless wait (`precheck`). Browser-safe:
// no Node, no server code.
import type { UploadKindName } from "../../../../database/schema/uploads";
import type { AppErrorCode } from "../../../lib/errors";
import type { MessageKey } from "../../../locales/en";
import { IMAGE_FORMATS, IMAGE_MAX_BYTES } from "./form-file";

/** As stored in `uploads.kind` and asked for by `POST /api/uploads?kind=…`. */
export type UploadKind = UploadKindName;

const MiB = 1024 * 1024;

export { IMAGE_FORMATS };
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const IMAGES = IMAGE_FORMATS.map((format) => `image/${format}`).join(",");

interface UploadRule {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** What the file picker offers (its `accept` attribute). */
  accept: string;
  /** The message for a file over `maxBytes`. */
  tooLarge: MessageKey;
  /** The message for a file that is not of this kind. */
  wrongType: MessageKey;
  /** The message when the upload failed on our side, or the request was not a proper upload. */
  failed: MessageKey;
}

export const UPLOAD_RULES: Readonly<Record<UploadKind, UploadRule>> = {
  photo: {
    maxBytes: IMAGE_MAX_BYTES,
    accept: IMAGES,
    tooLarge: "upload.tooLarge5",
    wrongType: "upload.onlyImages",
    failed: "upload.failedImage",
  },
  teuda: {
    maxBytes: IMAGE_MAX_BYTES,
    accept: IMAGES,
    tooLarge: "upload.tooLarge5",
    wrongType: "upload.onlyImages",
    failed: "upload.failedImage",
  },
  menu: {
    maxBytes: 30 * MiB,
    accept: IMAGES,
    tooLarge: "upload.sizeExceeds",
    wrongType: "upload.onlyImages",
    failed: "upload.failedImage",
  },
  pdf: {
    maxBytes: 30 * MiB,
    accept: "application/pdf",
    tooLarge: "upload.tooLarge30",
    wrongType: "upload.onlyPdf",
    failed: "upload.failedFile",
  },
};

export const UPLOAD_KINDS = Object.keys(UPLOAD_RULES) as readonly UploadKind[];

export function isUploadKind(value: unknown): value is UploadKind {
  return typeof value === "string" && Object.hasOwn(UPLOAD_RULES, value);
}

/**
 * Why an upload did not go through: refused (too large, not an image, not a PDF, the storage out
 * of reach) or failed on our side (`failed`).
 */
export type UploadProblem = "tooLarge" | "notImage" | "notPdf" | "unavailable" | "failed";

/** A refusal's code in the one error model (app/lib/errors.ts), which decides its HTTP status. A failure on our side has none: it is a 500. */
export const UPLOAD_REFUSAL_CODE = {
  tooLarge: "tooLarge",
  notImage: "invalid",
  notPdf: "invalid",
  unavailable: "unavailable",
} as const satisfies Record<Exclude<UploadProblem, "failed">, AppErrorCode>;

/** The message key the UI shows for this problem with a file of this kind (the spec's texts). */
export function uploadErrorMessage(kind: UploadKind, problem: UploadProblem): MessageKey {
  const rule = UPLOAD_RULES[kind];
  switch (problem) {
    case "tooLarge":
      return rule.tooLarge;
    case "notImage":
    case "notPdf":
      return rule.wrongType;
    case "unavailable":
      return "upload.storageUnavailable";
    case "failed":
      return rule.failed;
  }
}

/**
 * What the browser can tell before sending (the server decides by content): a file over the kind's
 * limit, or one that does not even claim to be of its kind. Null when it is worth sending.
 */
export function precheck(kind: UploadKind, file: { size: number; type: string; name: string }): MessageKey | null {
  const rule = UPLOAD_RULES[kind];
  if (file.size > rule.maxBytes) return rule.tooLarge;
  const looksRight =
    kind === "pdf"
      ? file.type === "application/pdf" || /\.pdf$/i.test(file.name)
      : file.type.startsWith("image/") || file.type === "";
  return looksRight ? null : rule.wrongType;
}
