// Sends one file to POST /api/uploads with progress. The server decides by content; the checks
// before sending (`precheck`, by the same upload rules as the server's) only spare the user a pointless wait.
import type { MessageKey } from "../../../locales/en";
import { precheck, UPLOAD_RULES, type UploadKind } from "./upload-rules";

export interface UploadedFile {
  url: string;
  name: string;
  size: number;
  type: string;
}
export type UploadOutcome = { ok: true; file: UploadedFile } | { ok: false; error: MessageKey };

export function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
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
      else
        resolve({
          ok: false,
          error: body?.error && body.error.startsWith("upload.") ? body.error : UPLOAD_RULES[kind].failed,
        });
    };
    xhr.onerror = () => resolve({ ok: false, error: UPLOAD_RULES[kind].failed });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
