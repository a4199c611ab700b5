// The names a restore accepts (isUploadKey) are exactly the names the upload pipeline makes.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isUploadKey, type Storage } from "./storage";
import type { UploadKind } from "../../app/features/restaurants/editing/upload-rules";
import { processUpload } from "./processing";

/** A storage that keeps only the keys it is given. */
function recordingStorage(keys: string[]): Storage {
  return {
    async put(key) {
      keys.push(key);
      return `/uploads/${key}`;
    },
    async remove() {},
    serve: (_req, _res, next) => next(),
  };
}

const image = (width: number) =>
  sharp({ create: { width, height: 100, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();

describe("isUploadKey", () => {
  it("accepts every name the upload pipeline gives a file", async () => {
    const keys: string[] = [];
    const storage = recordingStorage(keys);
    const uploads: [UploadKind, Buffer][] = [
      ["photo", await image(1300)],
      ["teuda", await image(250)],
      ["menu", await image(900)],
      ["pdf", Buffer.from("%PDF-1.4\n%%EOF\n")],
    ];
    for (const [kind, data] of uploads)
      await processUpload(kind, data, `upload.${kind === "pdf" ? "pdf" : "png"}`, storage);
    expect(keys).toHaveLength(3 + 1 + 2 + 1);
    for (const key of keys) expect(isUploadKey(key), key).toBe(true);
  });

  it("refuses any other name", () => {
    for (const key of [
      "restaurant-images/evil.html",
      "restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp.html",
      "restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-400.svg",
      "restaurant-images/../aaaaaaaaaaaaaaaaaaaaaaaa-400.webp",
      "restaurant-images/sub/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp",
      "restaurant-images/pdf_aaaaaaaaaaaaaaaaaaaaaaaa.pdf",
      "other-bucket/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp",
      "aaaaaaaaaaaaaaaaaaaaaaaa-400.webp",
      "restaurant-menus/pdf_aaaaaaaaaaaaaaaaaaaaaaaa.pdf\n",
      "restaurant-menus/.pdf_aaaaaaaaaaaaaaaaaaaaaaaa.pdf",
      "",
    ]) {
      expect(isUploadKey(key), JSON.stringify(key)).toBe(false);
    }
  });
});
