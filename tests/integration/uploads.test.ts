// The upload endpoint against a corpus of hostile files, all generated here (nothing downloaded,
// no binary fixtures): each must be refused with the right message key and leave nothing stored.
// No database: the handler is mounted on a bare Express app listening on 127.0.0.1:0.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERROR_STATUS } from "../../app/lib/errors";
import { createLocalStorage, StorageUnavailableError, storedKeys, type Storage } from "../../server/uploads/storage";
import { uploadHandler } from "../../server/uploads/upload-route";
import { UPLOAD_RULES, uploadErrorMessage, type UploadKind } from "../../app/features/restaurants/editing/upload-rules";
import { cleanDisplayName } from "../../server/uploads/processing";

let storageDir: string;
let server: Server;
let baseUrl: string;
/** What the route recorded (the server records it in the uploads table). */
const recorded: { url: string; kind: string; uploadedBy: string }[] = [];

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(tmpdir(), "kta-uploads-"));
  const app = express();
  app.post(
    "/api/uploads",
    uploadHandler({
      storage: createLocalStorage(storageDir),
      authorize: async (req) => (req.get("x-test-allow") === "yes" ? "test-uploader" : null),
      record: async (upload) => void recorded.push(upload),
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(storageDir, { recursive: true, force: true });
});

/** Every stored file, as paths relative to the storage root with "/" separators. */
function storedFiles(dir = storageDir): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

interface UploadAnswer {
  status: number;
  body: Record<string, unknown>;
  cacheControl: string | null;
}

async function upload(
  kind: string,
  bytes: Buffer | string,
  fileName: string,
  type: string,
  { allow = true, field = "file" }: { allow?: boolean; field?: string } = {},
): Promise<UploadAnswer> {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes);
  const form = new FormData();
  form.append(field, new Blob([data], { type }), fileName);
  const response = await fetch(`${baseUrl}/api/uploads?kind=${kind}`, {
    method: "POST",
    body: form,
    headers: allow ? { "x-test-allow": "yes" } : {},
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cacheControl: response.headers.get("cache-control"),
  };
}

/** Uploads and expects a refusal with this status and message key, with nothing added to storage. */
async function expectRefused(
  kind: UploadKind,
  bytes: Buffer | string,
  fileName: string,
  type: string,
  status: number,
  error: string,
  options?: { allow?: boolean },
): Promise<void> {
  const before = storedFiles();
  const recordsBefore = recorded.length;
  const answer = await upload(kind, bytes, fileName, type, options);
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ error });
  expect(answer.cacheControl).toBe("no-store");
  expect(storedFiles()).toEqual(before);
  expect(recorded).toHaveLength(recordsBefore);
}

function jpeg(width: number, height: number, background = "#336699"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** A 1x1 PNG whose header claims width x height, with a valid IHDR CRC (a pixel flood). */
async function pixelFloodPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer(),
  );
  // Signature (8) | IHDR length (4) | "IHDR" (4) | width (4) | height (4) | 5 more bytes | CRC (4).
  expect(png.toString("latin1", 12, 16)).toBe("IHDR");
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

function storedPath(url: unknown): string {
  expect(typeof url).toBe("string");
  expect(String(url)).toMatch(/^\/uploads\//);
  return path.join(storageDir, String(url).slice("/uploads/".length));
}

describe("createLocalStorage", () => {
  it("rejects keys that could leave the bucket or do not fit the key pattern", async () => {
    // The bucket sits inside a fresh folder, so "outside the bucket" is a path no one else writes.
    const parent = mkdtempSync(path.join(tmpdir(), "kta-storage-"));
    const dir = path.join(parent, "bucket");
    mkdirSync(dir);
    try {
      const storage = createLocalStorage(dir);
      for (const key of [
        "../x",
        "a/../../x",
        "/etc/passwd",
        "a\\b.webp",
        "a/b/c.webp",
        "A/b.webp",
        "a/..",
        "a/.hidden",
        "nofolder.webp",
        "a/",
      ]) {
        await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/Invalid storage key/);
      }
      expect(storedFiles(dir)).toEqual([]);
      expect(existsSync(path.join(parent, "x"))).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it("stores under the key, returns /uploads/<key>, and remove deletes only what it made", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "kta-storage-"));
    const dir = path.join(parent, "uploads");
    const outside = path.join(parent, "outside.txt");
    writeFileSync(outside, "keep me");
    try {
      const storage = createLocalStorage(dir);
      const url = await storage.put("restaurant-images/abc-400.webp", Buffer.from("bytes"));
      expect(url).toBe("/uploads/restaurant-images/abc-400.webp");
      expect(readFileSync(path.join(dir, "restaurant-images", "abc-400.webp"), "utf8")).toBe("bytes");
      expect(storedFiles(dir)).toEqual(["restaurant-images/abc-400.webp"]);

      await storage.remove("/uploads/../../etc/passwd");
      await storage.remove("/uploads/../outside.txt");
      await storage.remove("/uploads/restaurant-images/../../outside.txt");
      await storage.remove("/elsewhere/restaurant-images/abc-400.webp");
      await storage.remove("https://example.com/uploads/restaurant-images/abc-400.webp");
      await storage.remove("restaurant-images/abc-400.webp");
      expect(readFileSync(outside, "utf8")).toBe("keep me");
      expect(storedFiles(dir)).toEqual(["restaurant-images/abc-400.webp"]);

      await storage.remove(url);
      expect(storedFiles(dir)).toEqual([]);
      // A file already gone is not an error.
      await storage.remove(url);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it("serves its files under /uploads, kept a year as immutable, and lists them as keys (temp files left out)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kta-storage-"));
    const storage = createLocalStorage(dir);
    const app = express();
    app.use("/uploads", storage.serve);
    const local = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => local.once("listening", resolve));
    try {
      const url = await storage.put("restaurant-menus/pdf_abc.pdf", Buffer.from("%PDF-1.4"));
      writeFileSync(path.join(dir, "restaurant-menus", ".tmp-half"), "x");
      const response = await fetch(`http://127.0.0.1:${(local.address() as AddressInfo).port}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(await response.text()).toBe("%PDF-1.4");
      expect(await storedKeys(dir)).toEqual(["restaurant-menus/pdf_abc.pdf"]);
      expect(await storedKeys(path.join(dir, "nothing-here"))).toEqual([]);
    } finally {
      local.closeAllConnections();
      await new Promise((resolve) => local.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("POST /api/uploads: hostile files are refused and nothing is stored", () => {
  it("answers 400 to a form that ends inside its file, and keeps running (the parser's error reaches the file stream too)", async () => {
    const before = storedFiles();
    const body =
      '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n';
    const response = await fetch(`${baseUrl}/api/uploads?kind=photo`, {
      method: "POST",
      body,
      headers: { "x-test-allow": "yes", "content-type": "multipart/form-data; boundary=cut" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: uploadErrorMessage("photo", "failed") });
    expect(storedFiles()).toEqual(before);
    // Still serving: an uncaught stream error would have ended the process.
    expect((await upload("photo", "not an image", "x.png", "image/png")).status).toBe(400);
  });

  it("refuses an ELF executable disguised as photo.jpg (image/jpeg)", async () => {
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
      Buffer.alloc(2048, 0x90),
    ]);
    await expectRefused("photo", elf, "photo.jpg", "image/jpeg", 400, "upload.onlyImages");
  });

  it("refuses a GIF/PHP polyglot named x.gif.php (GIF magic, undecodable)", async () => {
    const polyglot = "GIF89a<?php system($_GET['c']); ?>";
    await expectRefused("photo", polyglot, "x.gif.php", "image/gif", 400, "upload.onlyImages");
    await expectRefused("teuda", polyglot, "x.gif", "image/gif", 400, "upload.onlyImages");
  });

  it("refuses an SVG with a script, named logo.svg and named logo.png", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    await expectRefused("photo", svg, "logo.svg", "image/svg+xml", 400, "upload.onlyImages");
    await expectRefused("photo", svg, "logo.png", "image/png", 400, "upload.onlyImages");
    await expectRefused("menu", svg, "logo.png", "image/png", 400, "upload.onlyImages");
  });

  it("refuses an HTML file named menu.jpg", async () => {
    const html = "<!doctype html><html><body><script>fetch('/api/admin')</script></body></html>";
    await expectRefused("menu", html, "menu.jpg", "image/jpeg", 400, "upload.onlyImages");
  });

  it("refuses a PDF as a photo", async () => {
    await expectRefused("photo", "%PDF-1.4\n%%EOF\n", "photo.jpg", "image/jpeg", 400, "upload.onlyImages");
  });

  it("refuses a photo over 5 MiB with 413 upload.tooLarge5", async () => {
    const big = Buffer.alloc(UPLOAD_RULES.photo.maxBytes + 1024, 0x42);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    await expectRefused("photo", big, "big.jpg", "image/jpeg", 413, "upload.tooLarge5");
  });

  it("answers 413 to an endless photo body and closes the connection instead of reading on", async () => {
    const before = storedFiles();
    const boundary = "----kta-endless";
    const port = (server.address() as AddressInfo).port;
    const chunk = Buffer.alloc(64 * 1024, 0x42);
    const result = await new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
      let written = 0;
      let answer: { status: number; body: string } | null = null;
      const request = http.request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/uploads?kind=photo",
        headers: {
          "x-test-allow": "yes",
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "transfer-encoding": "chunked",
        },
      });
      const pump = () => {
        // Keep sending (respecting back-pressure) until the server answers; give up at 256 MiB.
        while (answer === null && written < 256 * 1024 * 1024 && !request.destroyed) {
          written += chunk.length;
          if (!request.write(chunk)) {
            request.once("drain", pump);
            return;
          }
        }
      };
      request.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (text: string) => (body += text));
        response.on("end", () => {
          answer = { status: response.statusCode ?? 0, body };
        });
      });
      // The server closes the socket: with the body still unsent, the request ends in a reset.
      request.on("error", () => {});
      request.on("close", () =>
        answer ? resolve({ ...answer, written }) : reject(new Error(`closed without an answer after ${written} bytes`)),
      );
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="endless.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      request.write(Buffer.from([0xff, 0xd8, 0xff]));
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: "upload.tooLarge5" });
    expect(result.written).toBeLessThan(32 * 1024 * 1024);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a PDF over 30 MiB with 413 upload.tooLarge30", async () => {
    const big = Buffer.alloc(UPLOAD_RULES.pdf.maxBytes + 1024, 0x20);
    big.write("%PDF-1.4\n", 0, "latin1");
    await expectRefused("pdf", big, "huge.pdf", "application/pdf", 413, "upload.tooLarge30");
  });

  it("refuses a pixel flood (a tiny PNG declaring 30000x30000)", async () => {
    const flood = await pixelFloodPng(30_000, 30_000);
    expect(flood.length).toBeLessThan(1024);
    const metadata = await sharp(flood, { limitInputPixels: false }).metadata();
    expect([metadata.width, metadata.height]).toEqual([30_000, 30_000]);
    await expectRefused("photo", flood, "flood.png", "image/png", 400, "upload.onlyImages");
  });

  it("refuses a truncated JPEG", async () => {
    const whole = await jpeg(600, 400);
    await expectRefused(
      "photo",
      whole.subarray(0, Math.floor(whole.length / 2)),
      "cut.jpg",
      "image/jpeg",
      400,
      "upload.onlyImages",
    );
  });

  it("refuses anyone not authorized with 403 before reading the body", async () => {
    await expectRefused("photo", await jpeg(500, 500), "ok.jpg", "image/jpeg", 403, "forbidden", { allow: false });
  });

  it("refuses HTML uploaded as a PDF with upload.onlyPdf", async () => {
    await expectRefused(
      "pdf",
      "<html><body>not a pdf</body></html>",
      "menu.pdf",
      "application/pdf",
      400,
      "upload.onlyPdf",
    );
  });

  it("refuses an unknown kind, a missing file field and a non-multipart body", async () => {
    const before = storedFiles();
    const unknown = await upload("avatar", await jpeg(500, 500), "ok.jpg", "image/jpeg");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: "upload.failedFile" });

    const wrongField = await upload("photo", await jpeg(500, 500), "ok.jpg", "image/jpeg", { field: "image" });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ error: uploadErrorMessage("photo", "failed") });

    const raw = await fetch(`${baseUrl}/api/uploads?kind=photo`, {
      method: "POST",
      headers: { "x-test-allow": "yes", "content-type": "image/jpeg" },
      body: new Uint8Array(await jpeg(500, 500)),
    });
    expect(raw.status).toBe(400);
    expect(raw.headers.get("cache-control")).toBe("no-store");
    expect(storedFiles()).toEqual(before);
  });
});

describe("POST /api/uploads: accepted files", () => {
  it("stores a JPEG named ../../etc/passwd.jpg inside restaurant-images with a clean name", async () => {
    const before = storedFiles();
    const answer = await upload("photo", await jpeg(900, 600), "../../etc/passwd.jpg", "image/jpeg");
    expect(answer.status).toBe(201);
    expect(answer.cacheControl).toBe("no-store");
    const name = String(answer.body.name);
    expect(name).toBe("passwd.webp");
    expect(name).not.toContain("/");
    expect(name).not.toContain("..");
    expect(String(answer.body.url)).toMatch(/^\/uploads\/restaurant-images\/[0-9a-f]{24}-800\.webp$/);

    const added = storedFiles().filter((file) => !before.includes(file));
    expect(added).toHaveLength(2);
    for (const file of added) {
      expect(file).toMatch(/^restaurant-images\/[0-9a-f]{24}-(400|800)\.webp$/);
      expect(path.resolve(storageDir, file).startsWith(path.join(storageDir, "restaurant-images") + path.sep)).toBe(
        true,
      );
    }
    expect(existsSync(path.join(storageDir, "..", "etc"))).toBe(false);
  });

  it("re-encodes a JPEG with GPS EXIF as WebP without metadata, in 400/800/1200 widths", async () => {
    const withGps = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#884422" } })
      .jpeg()
      .withExifMerge({
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 4/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "34/1 46/1 0/1" },
      })
      .toBuffer();
    const input = await sharp(withGps).metadata();
    expect(input.exif).toBeDefined();
    expect(input.exif!.toString("latin1")).toContain("N\0");

    const answer = await upload("photo", withGps, "holiday.jpeg", "image/jpeg");
    expect(answer.status).toBe(201);
    const url = String(answer.body.url);
    expect(url).toMatch(/-1200\.webp$/);
    expect(answer.body.type).toBe("image/webp");
    expect(answer.body.name).toBe("holiday.webp");

    for (const width of [400, 800, 1200]) {
      const file = storedPath(url.replace(/-1200\.webp$/, `-${width}.webp`));
      expect(existsSync(file)).toBe(true);
      const stored = await sharp(readFileSync(file)).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.width).toBe(width);
      expect(stored.exif).toBeUndefined();
      expect(stored.icc).toBeUndefined();
    }
    const largest = readFileSync(storedPath(url));
    expect(answer.body.size).toBe(largest.length);
    expect(largest.toString("latin1")).not.toContain("EXIF");
  });

  it("applies the EXIF orientation before choosing widths", async () => {
    // Stored 600 wide and 1000 high, displayed rotated (orientation 6): 1000 wide, so 400 and 800.
    const rotated = await sharp({ create: { width: 600, height: 1000, channels: 3, background: "#225588" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const answer = await upload("teuda", rotated, "teuda.jpg", "image/jpeg");
    expect(answer.status).toBe(201);
    expect(String(answer.body.url)).toMatch(/^\/uploads\/restaurant-images\/[0-9a-f]{24}-800\.webp$/);
    const stored = await sharp(readFileSync(storedPath(answer.body.url))).metadata();
    expect([stored.width, stored.height]).toEqual([800, 480]);
  });

  it("stores an image narrower than 400 once, at its own width", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const answer = await upload("photo", png, "icon.png", "image/png");
    expect(answer.status).toBe(201);
    expect(String(answer.body.url)).toMatch(/-300\.webp$/);
  });

  it("stores a menu image in restaurant-menus", async () => {
    const answer = await upload("menu", await jpeg(1300, 1800, "#eeeeee"), "תפריט.jpg", "image/jpeg");
    expect(answer.status).toBe(201);
    expect(String(answer.body.url)).toMatch(/^\/uploads\/restaurant-menus\/[0-9a-f]{24}-1200\.webp$/);
    expect(answer.body.name).toBe("תפריט.webp");
    expect(existsSync(storedPath(answer.body.url))).toBe(true);
  });

  it("stores a real PDF unchanged under restaurant-menus/pdf_*.pdf", async () => {
    const pdf = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
    const answer = await upload("pdf", pdf, "dinner\u202emenu.pdf", "application/pdf");
    expect(answer.status).toBe(201);
    expect(answer.body.type).toBe("application/pdf");
    expect(answer.body.name).toBe("dinnermenu.pdf");
    expect(answer.body.size).toBe(pdf.length);
    expect(String(answer.body.url)).toMatch(/^\/uploads\/restaurant-menus\/pdf_[0-9a-f]{24}\.pdf$/);
    expect(readFileSync(storedPath(answer.body.url), "latin1")).toBe(pdf);
  });
});

describe("POST /api/uploads: every stored upload is recorded with its uploader", () => {
  it("records the URL the form will name, the kind and the user who uploaded it", async () => {
    const photo = await upload("photo", await jpeg(1300, 900), "a.jpg", "image/jpeg");
    const pdf = await upload("pdf", "%PDF-1.4\n%%EOF\n", "m.pdf", "application/pdf");
    expect(photo.status).toBe(201);
    expect(pdf.status).toBe(201);
    expect(recorded.slice(-2)).toEqual([
      { url: photo.body.url, kind: "photo", uploadedBy: "test-uploader" },
      { url: pdf.body.url, kind: "pdf", uploadedBy: "test-uploader" },
    ]);
  });

  it("keeps no file when recording fails: 500, logged once, every width removed", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kta-unrecorded-"));
    const app = express();
    app.post(
      "/api/uploads",
      uploadHandler({
        storage: createLocalStorage(dir),
        authorize: async () => "u1",
        record: () => Promise.reject(new Error("database down")),
      }),
    );
    const unrecorded = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => unrecorded.once("listening", resolve));
    const errors = vi.spyOn(console, "error").mockImplementationOnce(() => {});
    const callsBefore = errors.mock.calls.length;
    try {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await jpeg(1300, 700))], { type: "image/jpeg" }), "ok.jpg");
      const response = await fetch(
        `http://127.0.0.1:${(unrecorded.address() as AddressInfo).port}/api/uploads?kind=photo`,
        { method: "POST", body: form },
      );
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "upload.failedImage" });
      expect(errors.mock.calls.length - callsBefore).toBe(1);
      expect(storedFiles(dir)).toEqual([]);
    } finally {
      unrecorded.closeAllConnections();
      await new Promise((resolve) => unrecorded.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("POST /api/uploads: storage failure", () => {
  it("answers 500 upload.failedImage, logs once, and removes the variants already stored", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kta-failing-"));
    const local = createLocalStorage(dir);
    let puts = 0;
    const failing: Storage = {
      put: (key, data) => (++puts === 2 ? Promise.reject(new Error("disk full")) : local.put(key, data)),
      remove: (url) => local.remove(url),
      serve: local.serve,
    };
    const app = express();
    app.post(
      "/api/uploads",
      uploadHandler({ storage: failing, authorize: async () => "test-uploader", record: async () => {} }),
    );
    const failingServer = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => failingServer.once("listening", resolve));
    // Expected once; later calls still reach the setup's fail-on-console-error spy.
    const errors = vi.spyOn(console, "error").mockImplementationOnce(() => {});
    const callsBefore = errors.mock.calls.length;
    try {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await jpeg(1000, 700))], { type: "image/jpeg" }), "ok.jpg");
      const response = await fetch(
        `http://127.0.0.1:${(failingServer.address() as AddressInfo).port}/api/uploads?kind=photo`,
        { method: "POST", body: form },
      );
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "upload.failedImage" });
      expect(errors.mock.calls.length - callsBefore).toBe(1);
      expect(puts).toBe(2);
      expect(storedFiles(dir)).toEqual([]);
    } finally {
      failingServer.closeAllConnections();
      await new Promise((resolve) => failingServer.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("POST /api/uploads: refusals answer through the error model (app/lib/errors.ts)", () => {
  it("answers each refusal with its error code's status: too large (tooLarge), not an image (invalid), storage unavailable (unavailable)", async () => {
    expect(ERROR_STATUS.tooLarge).toBe(413);
    const big = Buffer.alloc(UPLOAD_RULES.photo.maxBytes + 1, 0x42);
    big.set([0xff, 0xd8, 0xff]);
    await expectRefused("photo", big, "big.jpg", "image/jpeg", ERROR_STATUS.tooLarge, "upload.tooLarge5");
    await expectRefused("menu", "not an image", "menu.png", "image/png", ERROR_STATUS.invalid, "upload.onlyImages");

    const down: Storage = {
      put: () => Promise.reject(new StorageUnavailableError("the bucket is down")),
      remove: () => Promise.resolve(),
      serve: (_req, res) => void res.status(503).end(),
    };
    const app = express();
    app.post(
      "/api/uploads",
      uploadHandler({ storage: down, authorize: async () => "test-uploader", record: async () => {} }),
    );
    const unavailable = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => unavailable.once("listening", resolve));
    // The route logs an unreachable storage; expected once.
    const errors = vi.spyOn(console, "error").mockImplementationOnce(() => {});
    const callsBefore = errors.mock.calls.length;
    try {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await jpeg(400, 300))], { type: "image/jpeg" }), "ok.jpg");
      const response = await fetch(
        `http://127.0.0.1:${(unavailable.address() as AddressInfo).port}/api/uploads?kind=photo`,
        { method: "POST", body: form },
      );
      expect(response.status).toBe(ERROR_STATUS.unavailable);
      expect(await response.json()).toEqual({ error: "upload.storageUnavailable" });
      expect(errors.mock.calls.length - callsBefore).toBe(1);
    } finally {
      unavailable.closeAllConnections();
      await new Promise((resolve) => unavailable.close(resolve));
    }
  });
});

describe("cleanDisplayName", () => {
  it("keeps only a short base name with the stored extension", () => {
    expect(cleanDisplayName("C:\\Users\\me\\Menu.PDF", ".pdf", "document")).toBe("Menu.pdf");
    expect(cleanDisplayName("../../etc/passwd.jpg", ".webp", "image")).toBe("passwd.webp");
    expect(cleanDisplayName("a\u0000b\u001b\u007fc\u202egpj.exe", ".webp", "image")).toBe("abcgpj.webp");
    expect(cleanDisplayName("foo/..", ".webp", "image")).toBe("image.webp");
    expect(cleanDisplayName("...hidden..name.png", ".webp", "image")).toBe("hidden.name.webp");
    expect(cleanDisplayName("", ".pdf", "document")).toBe("document.pdf");
    expect(cleanDisplayName("dir/", ".webp", "image")).toBe("image.webp");
    const long = cleanDisplayName("ש".repeat(300) + ".jpg", ".webp", "image");
    expect(Array.from(long)).toHaveLength(100);
    expect(long.endsWith(".webp")).toBe(true);
    expect(Array.from(cleanDisplayName("😀".repeat(200) + ".png", ".webp", "image"))).toHaveLength(100);
  });
});

describe("uploadErrorMessage", () => {
  it("maps each kind and code to the spec's message keys", () => {
    expect(uploadErrorMessage("photo", "tooLarge")).toBe("upload.tooLarge5");
    expect(uploadErrorMessage("teuda", "notImage")).toBe("upload.onlyImages");
    expect(uploadErrorMessage("teuda", "failed")).toBe("upload.failedImage");
    expect(uploadErrorMessage("menu", "tooLarge")).toBe("upload.sizeExceeds");
    expect(uploadErrorMessage("menu", "notImage")).toBe("upload.onlyImages");
    expect(uploadErrorMessage("menu", "failed")).toBe("upload.failedImage");
    expect(uploadErrorMessage("pdf", "tooLarge")).toBe("upload.tooLarge30");
    expect(uploadErrorMessage("pdf", "notPdf")).toBe("upload.onlyPdf");
    expect(uploadErrorMessage("pdf", "failed")).toBe("upload.failedFile");
  });
});
