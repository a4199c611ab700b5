// A file that came inside a page's form (a suggestion's certificate photo, a claim's
// proof): the same checks, re-encoding and storage as POST /api/uploads, recorded as held by its
// suggestion or claim, so the clean-up keeps it while they are kept.
import type { AppServices } from "../../app/lib/context";
import { imageFiles } from "../../app/lib/images";
import { FORM_FILE_MAX_BYTES, recordUpload } from "../../app/features/restaurants/editing/uploads.server";
import type { Db } from "../../database/types";
import { processUpload, UploadError } from "./processing";
import type { Storage } from "./storage";
import type { UploadKind } from "../../app/features/restaurants/editing/upload-rules";

export interface FormUploadOptions {
  db: Db;
  storage: Storage;
  /** Told how long checking, re-encoding and storing took (for the metrics). */
  processed?: (seconds: number, kind: UploadKind) => void;
}

export function formUploads({ db, storage, processed }: FormUploadOptions): AppServices["acceptUpload"] {
  return async (file, kind, holder) => {
    if (file.data.length > FORM_FILE_MAX_BYTES)
      throw new UploadError(kind, "tooLarge", `over ${FORM_FILE_MAX_BYTES} bytes in a form`);
    const started = process.hrtime.bigint();
    const stored = await processUpload(kind, file.data, file.name, storage);
    processed?.(Number(process.hrtime.bigint() - started) / 1e9, kind);
    try {
      await recordUpload(db, { url: stored.url, kind, uploadedBy: holder.uploadedBy, heldBy: holder.heldBy });
    } catch (error) {
      // An upload nobody knows of could never be cleaned up: it is not kept.
      await Promise.allSettled(imageFiles(stored.url).map((url) => storage.remove(url)));
      throw error;
    }
    return stored.url;
  };
}
