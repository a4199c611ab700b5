import { describe, expect, it } from "vitest";
import { UPLOAD_RULES } from "../../app/features/restaurants/editing/upload-rules";
import { AppError } from "../../app/lib/errors";
import { processUpload, UploadError, UploadFailedError } from "./processing";
import { StorageUnavailableError, type Storage } from "./storage";

/** A storage that must not be reached (a refusal comes first), or one that fails as told. */
const storage = (put: Storage["put"] = () => Promise.reject(new Error("not to be reached"))): Storage => ({
  put,
  remove: () => Promise.resolve(),
  serve: (_req, res) => void res.status(404).end(),
});

describe("processUpload's refusals are AppErrors (one error model)", () => {
  it("a file over its kind's limit: tooLarge, 413, the kind's message, before anything is stored", async () => {
    const refused = await processUpload(
      "photo",
      Buffer.alloc(UPLOAD_RULES.photo.maxBytes + 1),
      "big.jpg",
      storage(),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadError);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "tooLarge",
      status: 413,
      messageKey: "upload.tooLarge5",
      kind: "photo",
      problem: "tooLarge",
    });
    await expect(
      processUpload("menu", Buffer.alloc(UPLOAD_RULES.menu.maxBytes + 1), "big.jpg", storage()),
    ).rejects.toMatchObject({
      status: 413,
      messageKey: "upload.sizeExceeds",
    });
  });

  it("a file not of its kind: invalid, 400", async () => {
    await expect(processUpload("pdf", Buffer.from("<html></html>"), "menu.pdf", storage())).rejects.toMatchObject({
      code: "invalid",
      status: 400,
      messageKey: "upload.onlyPdf",
    });
  });

  it("the storage out of reach: unavailable, 503; any other storage fault is no refusal (UploadFailedError, not an AppError)", async () => {
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    await expect(
      processUpload(
        "pdf",
        pdf,
        "menu.pdf",
        storage(() => Promise.reject(new StorageUnavailableError("down"))),
      ),
    ).rejects.toMatchObject({
      code: "unavailable",
      status: 503,
      messageKey: "upload.storageUnavailable",
    });
    const fault = await processUpload(
      "pdf",
      pdf,
      "menu.pdf",
      storage(() => Promise.reject(new Error("disk full"))),
    ).catch((error: unknown) => error);
    expect(fault).toBeInstanceOf(UploadFailedError);
    expect(fault).not.toBeInstanceOf(AppError);
    expect((fault as UploadFailedError).messageKey).toBe("upload.failedFile");
  });
});
