// Uploads in an S3-compatible bucket (STORAGE=s3) against a real S3 server (s3rver) started here:
// upload, serve (through the app, or from a public base URL), replace, delete, the bucket's outage,
// and the command that copies local uploads into the bucket. Never a mock of the SDK.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imageFiles } from "../../app/lib/images";
import { translator } from "../../app/lib/i18n/messages";
import { copyUploadsToBucket } from "../../server/uploads/copy-uploads";
import { createS3Client, createS3Storage } from "../../server/uploads/s3-storage";
import { createFileStore, createLocalStorage, type Storage } from "../../server/uploads/storage";
import { uploadHandler } from "../../server/uploads/upload-route";
import { runScript } from "../setup/commands";
import { startTestBucket, type TestBucket } from "../setup/s3";

let bucket: TestBucket;

beforeAll(async () => {
  bucket = await startTestBucket();
});

afterAll(async () => {
  await bucket?.stop();
});

/** An app with the upload route and /uploads served by this storage, on 127.0.0.1. */
async function serveWith(storage: Storage): Promise<{ base: string; recorded: string[]; close: () => Promise<void> }> {
  const recorded: string[] = [];
  const app = express();
  app.post(
    "/api/uploads",
    uploadHandler({
      storage,
      authorize: async () => "uploader",
      record: async (upload) => void recorded.push(upload.url),
    }),
  );
  app.use("/uploads", storage.serve);
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    recorded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function upload(
  base: string,
  kind: string,
  bytes: Buffer,
  name: string,
  type: string,
): Promise<{ status: number; body: Record<string, string> }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${base}/api/uploads?kind=${kind}`, { method: "POST", body: form });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/**
 * The same files in a local uploads folder and in the bucket — there typed text/html, as a
 * misconfigured bucket or someone with write access to it could — served by each storage in turn.
 */
async function eachStorage(
  files: Record<string, Buffer>,
  check: (base: string, which: "local" | "s3") => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "kta-serve-"));
  const client = createS3Client(bucket.config);
  try {
    for (const [key, data] of Object.entries(files)) {
      mkdirSync(path.join(dir, path.dirname(key)), { recursive: true });
      writeFileSync(path.join(dir, key), data);
      await client.send(
        new PutObjectCommand({ Bucket: bucket.config.bucket, Key: key, Body: data, ContentType: "text/html" }),
      );
    }
    for (const [which, storage] of [
      ["local", createLocalStorage(dir)],
      ["s3", createS3Storage(bucket.config, client)],
    ] as const) {
      const site = await serveWith(storage);
      try {
        await check(site.base, which);
      } finally {
        await site.close();
      }
    }
  } finally {
    client.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const photo = () =>
  sharp({ create: { width: 1300, height: 900, channels: 3, background: "#884422" } })
    .jpeg()
    .toBuffer();

describe("STORAGE=s3", () => {
  it("stores an upload's every variant in the bucket and serves them through the app with the local files' headers", async () => {
    const storage = createS3Storage(bucket.config);
    const site = await serveWith(storage);
    try {
      const answer = await upload(site.base, "photo", await photo(), "terrace.jpg", "image/jpeg");
      expect(answer.status).toBe(201);
      expect(answer.body.url).toMatch(/^\/uploads\/restaurant-images\/[0-9a-f]+-1200\.webp$/);
      expect(site.recorded).toEqual([answer.body.url]);

      for (const url of imageFiles(answer.body.url ?? "")) {
        const response = await fetch(site.base + url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/webp");
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("etag")).toMatch(/^"/);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
        expect((await sharp(bytes).metadata()).format).toBe("webp");
      }

      const url = site.base + (answer.body.url ?? "");
      const etag = (await fetch(url, { method: "HEAD" })).headers.get("etag") ?? "";
      expect((await fetch(url, { headers: { "If-None-Match": etag } })).status).toBe(304);
      const part = await fetch(url, { headers: { Range: "bytes=0-3" } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe("RIFF");

      expect((await fetch(`${site.base}/uploads/restaurant-images/nothing-here-400.webp`)).status).toBe(404);
      expect((await fetch(`${site.base}/uploads/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    } finally {
      await site.close();
    }
  });

  it("removes every variant when an image is deleted or replaced, and a PDF as well", async () => {
    const storage = createS3Storage(bucket.config);
    const files = createFileStore(storage);
    const site = await serveWith(storage);
    try {
      const first = (await upload(site.base, "photo", await photo(), "old.jpg", "image/jpeg")).body.url ?? "";
      const pdf =
        (await upload(site.base, "pdf", Buffer.from("%PDF-1.4\n%%EOF\n"), "menu.pdf", "application/pdf")).body.url ??
        "";
      expect((await fetch(site.base + pdf)).headers.get("content-type")).toBe("application/pdf");
      // Replacing a photo is saving the form with a new one: the old one's files go.
      await files.remove(first);
      await files.remove(pdf);
      for (const url of [...imageFiles(first), pdf]) expect((await fetch(site.base + url)).status, url).toBe(404);
      // Removing again (a retried delete) is harmless.
      await expect(files.remove(first)).resolves.toBeUndefined();
    } finally {
      await site.close();
    }
  });

  it("answers a range past the end of a file with 416 and the file's size, as local files do", async () => {
    const key = `restaurant-images/${randomBytes(12).toString("hex")}-400.webp`;
    const data = Buffer.from("RIFF\0\0\0\0WEBPVP8 a small image");
    await eachStorage({ [key]: data }, async (base, which) => {
      const beyond = await fetch(`${base}/uploads/${key}`, { headers: { Range: "bytes=999999-" } });
      expect(beyond.status, which).toBe(416);
      expect(beyond.headers.get("content-range"), which).toBe(`bytes */${data.length}`);
      const part = await fetch(`${base}/uploads/${key}`, { headers: { Range: "bytes=0-3" } });
      expect(part.status, which).toBe(206);
      expect(await part.text(), which).toBe("RIFF");
    });
  });

  it("serves a file with the type its name gave it at upload, never the bucket's, unsniffed, and as a download unless it is an image or a PDF", async () => {
    const id = randomBytes(12).toString("hex");
    const expected: Record<string, { type: string; disposition: string | null }> = {
      [`restaurant-images/${id}-400.webp`]: { type: "image/webp", disposition: null },
      [`restaurant-menus/pdf_${id}.pdf`]: { type: "application/pdf", disposition: null },
      [`restaurant-menus/${id}.html`]: { type: "application/octet-stream", disposition: "attachment" },
      [`restaurant-images/${id}.svg`]: { type: "application/octet-stream", disposition: "attachment" },
    };
    const files = Object.fromEntries(
      Object.keys(expected).map((key) => [key, Buffer.from("<html><script>alert(document.cookie)</script></html>")]),
    );
    await eachStorage(files, async (base, which) => {
      for (const [key, { type, disposition }] of Object.entries(expected)) {
        for (const method of ["GET", "HEAD"]) {
          const response = await fetch(`${base}/uploads/${key}`, { method });
          expect(response.status, `${which} ${method} ${key}`).toBe(200);
          expect(response.headers.get("content-type"), `${which} ${method} ${key}`).toBe(type);
          expect(response.headers.get("x-content-type-options"), `${which} ${method} ${key}`).toBe("nosniff");
          expect(response.headers.get("content-disposition"), `${which} ${method} ${key}`).toBe(disposition);
        }
      }
    });
  });

  it("sends visitors to the public base URL (a CDN) when one is configured", async () => {
    const storage = createS3Storage({ ...bucket.config, publicUrl: "https://cdn.example.com/kta" });
    const site = await serveWith(storage);
    try {
      const response = await fetch(`${site.base}/uploads/restaurant-images/abc-800.webp`, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe("https://cdn.example.com/kta/restaurant-images/abc-800.webp");
    } finally {
      await site.close();
    }
  });

  it("refuses an upload while the bucket is unreachable with a clear message in both languages, keeping nothing", async () => {
    const down = await startTestBucket("kta-down");
    await down.stop();
    const storage = createS3Storage(down.config);
    const site = await serveWith(storage);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const answer = await upload(site.base, "photo", await photo(), "terrace.jpg", "image/jpeg");
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: "upload.storageUnavailable" });
      expect(site.recorded).toEqual([]);
      expect(translator("en")("upload.storageUnavailable")).toMatch(/unavailable right now, and nothing was saved/);
      expect(translator("he")("upload.storageUnavailable")).toMatch(/אינה זמינה כרגע/);
      // Serving answers 503 too (not a 500), so browsers and CDNs try again later.
      expect((await fetch(`${site.base}/uploads/restaurant-images/abc-800.webp`)).status).toBe(503);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await site.close();
    }
  });
});

describe("npm run uploads:copy-to-s3", () => {
  it("copies local uploads into the bucket under the same keys, and skips them when run again", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kta-copy-"));
    try {
      mkdirSync(path.join(dir, "restaurant-images"));
      mkdirSync(path.join(dir, "restaurant-menus"));
      writeFileSync(path.join(dir, "restaurant-images", "aa11-400.webp"), "RIFF....WEBP");
      writeFileSync(path.join(dir, "restaurant-menus", "pdf_bb22.pdf"), "%PDF-1.4");
      writeFileSync(path.join(dir, "restaurant-images", ".tmp-half-written"), "x");

      const client = createS3Client(bucket.config);
      const first = await copyUploadsToBucket({ dir, client, bucket: bucket.config.bucket });
      expect(first).toEqual({ copied: 2, skipped: 0, total: 2 });
      const site = await serveWith(createS3Storage(bucket.config));
      try {
        expect(await (await fetch(`${site.base}/uploads/restaurant-menus/pdf_bb22.pdf`)).text()).toBe("%PDF-1.4");
      } finally {
        await site.close();
      }

      // The command itself, as an operator runs it: everything is already there.
      const again = await runScript("scripts/copy-uploads-to-s3.ts", ["--from", dir], { DATA_DIR: dir, ...bucket.env });
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toContain("[1/2] already there: restaurant-images/aa11-400.webp");
      expect(again.stdout).toContain("Done: 0 copied, 2 already in the bucket (2 files).");

      const refused = await runScript("scripts/copy-uploads-to-s3.ts", [], { DATA_DIR: dir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("Set STORAGE=s3");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
