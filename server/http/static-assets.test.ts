import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./static-assets";

let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kta-assets-"));
  writeFileSync(path.join(dir, "entry-abc.js"), "console.log(1)");
  writeFileSync(path.join(dir, "entry-abc.js.br"), "BROTLI-BYTES");
  writeFileSync(path.join(dir, "entry-abc.js.gz"), "GZIP-BYTES");
  writeFileSync(path.join(dir, "plain-abc.js"), "console.log(2)");
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", "default-src 'self'");
    next();
  });
  app.use((_req, res, next) => {
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use("/assets", precompressedAssets(dir).middleware);
  app.use("/assets", (_req, res) => res.status(299).send("fell through"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

describe("precompressed build assets", () => {
  it("sends the brotli copy made at build time to a browser that accepts it, as immutable JavaScript", async () => {
    const answer = await get(`${base}/assets/entry-abc.js`, "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("BROTLI-BYTES");
    expect(answer.headers["content-encoding"]).toBe("br");
    // A module script is read as UTF-8 whatever the header says: no charset.
    expect(answer.headers["content-type"]).toBe("text/javascript");
    // Kept a year by any cache; `public` would add nothing for a request without credentials.
    expect(answer.headers["cache-control"]).toBe("max-age=31536000, immutable");
    expect(answer.headers.vary).toContain("Accept-Encoding");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    // A policy on a script file does nothing; it only cost bytes on every script.
    expect(answer.headers["content-security-policy"]).toBeUndefined();
  });

  it("sends only the headers a file uses: no document-only headers, no validators", async () => {
    const answer = await get(`${base}/assets/entry-abc.js`, "br");
    const names = Object.keys(answer.headers).sort();
    expect(names).toEqual([
      "cache-control",
      "connection",
      "content-encoding",
      "content-length",
      "content-type",
      "date",
      "vary",
      "x-content-type-options",
    ]);
    // The connection stays open (the page told the browser for how long), and one asking to close is closed.
    expect(answer.headers.connection).toBe("keep-alive");
    const closing = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${base}/assets/entry-abc.js`, { agent: false, headers: { "accept-encoding": "br", connection: "close" } })
        .on("response", (res) => resolve(res.resume()))
        .on("error", reject),
    );
    expect(closing.headers.connection).toBe("close");
    expect(closing.headers["keep-alive"]).toBeUndefined();
  });

  it("is answered before Express from memory, HEAD without a body, and nothing else under /assets", async () => {
    const assets = precompressedAssets(dir);
    const plain = http.createServer((req, res) => {
      if (!assets.tryServe(req, res)) res.writeHead(299).end("fell through");
    });
    plain.listen(0, "127.0.0.1");
    await new Promise((resolve) => plain.once("listening", resolve));
    const at = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    try {
      const answer = await get(`${at}/assets/entry-abc.js?v=1`, "br");
      expect(answer.body).toBe("BROTLI-BYTES");
      expect(answer.headers["strict-transport-security"]).toBeUndefined();
      const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .request(`${at}/assets/entry-abc.js`, { method: "HEAD", headers: { "accept-encoding": "br" } }, resolve)
          .on("error", reject)
          .end(),
      );
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-length"]).toBe(String("BROTLI-BYTES".length));
      for (const url of [
        "/entry-abc.js",
        "/assets/plain-abc.js",
        "/assets/entry-abc.js.br",
        "/assets/%2e%2e/entry-abc.js",
        "/assets/sub/entry-abc.js",
      ]) {
        expect((await get(`${at}${url}`, "br")).status, url).toBe(299);
      }
    } finally {
      plain.close();
    }
  });

  it("sends the gzip copy when brotli is not accepted", async () => {
    const answer = await get(`${base}/assets/entry-abc.js`, "gzip");
    expect(answer.body).toBe("GZIP-BYTES");
    expect(answer.headers["content-encoding"]).toBe("gzip");
  });

  it("leaves files without a compressed copy, and clients that accept neither, to the next handler", async () => {
    expect((await get(`${base}/assets/entry-abc.js`, "identity")).status).toBe(299);
    expect((await get(`${base}/assets/plain-abc.js`, "br")).status).toBe(299);
    expect((await get(`${base}/assets/../static-assets.ts`, "br")).status).not.toBe(200);
  });
});
