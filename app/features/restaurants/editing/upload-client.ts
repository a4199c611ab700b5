// Sends one file to POST /api/uploads with progress. The server decides by content; these
// checks only spare the user a pointless wait.
import type { MessageKey } from "../../../locales/en";

export type UploadKind = "photo" | "teuda" | "menu" | "pdf";
export interface UploadedFile {
  url: string;
  name: string;
  size: number;
  type: string;
}
export type UploadOutcome = { ok: true; file: UploadedFile } | { ok: false; error: MessageKey };

const MB = 1024 * 1024;
const LIMITS: Record<UploadKind, { bytes: number; tooLarge: MessageKey; wrongType: MessageKey; failed: MessageKey }> = {
  photo: { bytes: 5 * MB, tooLarge: "upload.tooLarge5", wrongType: "upload.onlyImages", failed: "upload.failedImage" },
  teuda: { bytes: 5 * MB, tooLarge: "upload.tooLarge5", wrongType: "upload.onlyImages", failed: "upload.failedImage" },
  menu: { bytes: 30 * MB, tooLarge: "upload.sizeExceeds", wrongType: "upload.onlyImages", failed: "upload.failedImage" },
  pdf: { bytes: 30 * MB, tooLarge: "upload.tooLarge30", wrongType: "upload.onlyPdf", failed: "upload.failedFile" },
};

export function precheck(kind: UploadKind, file: File): MessageKey | null {
  const limit = LIMITS[kind];
  if (file.size > limit.bytes) return limit.tooLarge;
  const looksRight = kind === "pdf" ? file.type === "application/pdf" || /\.pdf$/i.test(file.name) : file.type.startsWith("image/") || file.type === "";
  return looksRight ? null : limit.wrongType;
}

export function uploadFile(kind: UploadKind, file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  const early = precheck(kind, file);
  if (early) return Promise.resolve({ ok: false, error: early });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads?kind=${kind}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<UploadedFile> & { error?: MessageKey };
      if (xhr.status === 201 && body.url) resolve({ ok: true, file: body as UploadedFile });
      else resolve({ ok: false, error: body?.error && body.error.startsWith("upload.") ? body.error : LIMITS[kind].failed });
    };
    xhr.onerror = () => resolve({ ok: false, error: LIMITS[kind].failed });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
