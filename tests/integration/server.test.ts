// The server as `npm start` runs it: a child process on the built app, talking HTTP.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerDatabase, type TestDatabase } from "../setup/db";
import { freePort, runServerToExit, startServer, type RunningServer } from "../setup/server-process";

let database: TestDatabase | undefined;
let dataDir: string;
let env: Record<string, string>;
let server: RunningServer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-server-"));
  const served = await createServerDatabase(dataDir);
  database = served.database;
  const port = await freePort();
  env = {
    DATA_DIR: dataDir,
    DEMO_DATA: "false",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...served.env,
  };
  server = await startServer(env);
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop();
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (p: string, init?: RequestInit) => fetch(server.url + p, { redirect: "manual", ...init });
const postForm = (p: string, fields: Record<string, string>) =>
  fetch(server.url + p, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

describe("start-up", () => {
  // Runs first: the server has answered nothing yet.
  it("renders the home page before it listens, unseen: nothing logged, counted or kept in the page cache", async () => {
    const output = server.output();
    const warmed = /\[start\] rendered the home page (\d+) times in [\d.]+ s/.exec(output);
    expect(warmed, output).not.toBeNull();
    expect(Number(warmed?.[1])).toBeGreaterThan(1);
    expect(output.indexOf(warmed?.[0] ?? "")).toBeLessThan(output.indexOf("listening on"));
    expect(output).not.toMatch(/"url":"\/(he)?"/);
    const metrics = await (await get("/metrics")).text();
    expect(metrics).not.toMatch(/http_requests_total\{method="GET",route="home"/);
    expect((await get("/he")).headers.get("x-cache")).toBe("MISS");
    expect((await get("/he")).headers.get("x-cache")).toBe("HIT");
  });
});

describe("pages rendered on the server", () => {
  it("serves / in English, left to right, with its content in the first HTML", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    expect(html).toContain("Kosher Restaurants in Tel Aviv");
    expect(html).toContain("<title>Kosher Tel Aviv – Kosher Restaurants in Tel Aviv</title>");
  });

  it("serves /he in Hebrew, right to left", async () => {
    const html = await (await get("/he")).text();
    expect(html).toMatch(/<html lang="he" dir="rtl">/);
    expect(html).toContain("מסעדות כשרות בתל אביב");
  });

  it("gives a move in the browser to /he (its data, /he.data) the Hebrew page's heading and tags", async () => {
    // React Router hands loaders the request as sent ("/he.data"); the page is "/he".
    const data = await (await get("/he.data?_routes=root%2Chome-he")).text();
    expect(data).toContain("כשר תל אביב – מסעדות כשרות בתל אביב");
    expect(data).toContain("http://127.0.0.1");
    expect(data).toMatch(/\/he"/);
    expect(data).not.toContain("Kosher Restaurants in Tel Aviv");
  });

  it("gives a move in the browser to the accessibility statement (its data) that statement, not the privacy policy", async () => {
    const data = await (await get("/accessibility.data")).text();
    expect(data).toContain("Accessibility Statement | Kosher Tel Aviv");
    expect(data).not.toContain("Privacy Policy | Kosher Tel Aviv");
  });

  it("sends a move in the browser to an old Hebrew blog address to the blog's page, not to a data address", async () => {
    const response = await get("/he/blogs.data");
    const text = await response.text();
    expect(text).toContain('"/blogs"');
    expect(text).not.toContain("blogs.data");
  });

  it("answers an unknown path with a real 404 and the spec's text, in both languages", async () => {
    const en = await get("/no/such/page");
    expect(en.status).toBe(404);
    const enHtml = await en.text();
    expect(enHtml).toContain("Oops! Page not found");
    expect(enHtml).toContain("Return to Home");
    const he = await get("/he/no-such-page");
    expect(he.status).toBe(404);
    const heHtml = await he.text();
    expect(heHtml).toMatch(/<html lang="he" dir="rtl">/);
    expect(heHtml).toContain("אופס! הדף לא נמצא");
  });
});

describe("HTTP", () => {
  it("answers /healthz after pinging the database", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("gives Prometheus metrics at /metrics (open outside production without a token): requests by route, the page cache, the database", async () => {
    await get("/");
    await get("/");
    await get("/en/restaurant/no-such-place");
    const response = await get("/metrics");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="home",status="2xx"\} [1-9]/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="restaurant",status="3xx"\} [1-9]/);
    // The second visit to / is answered from the page cache.
    expect(text).toMatch(/page_cache_requests_total\{result="hit"\} [1-9]/);
    expect(text).toContain("live_update_streams 0");
    expect(text).toContain("database_down 0");
    if (env.DATABASE_URL) expect(text).toMatch(/database_pool_connections\{state="total"\} \d/);
  });

  it("gives every response a request id, keeping a well-formed one from the proxy", async () => {
    const kept = await get("/healthz", { headers: { "X-Request-Id": "edge-7f3a.1" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-7f3a.1");
    const replaced = await get("/", { headers: { "X-Request-Id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends security headers with a per-request nonce that the page's scripts carry", async () => {
    // Rendered (not cached) pages carry a fresh nonce each; cached ones allow their scripts by hash.
    const first = await get("/?render=1");
    const second = await get("/?render=2");
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("compresses pages with brotli or gzip as the client accepts", async () => {
    // fetch decodes bodies itself, so only the negotiated encoding is checked here.
    expect((await get("/", { headers: { "accept-encoding": "br" } })).headers.get("content-encoding")).toBe("br");
    expect((await get("/", { headers: { "accept-encoding": "gzip" } })).headers.get("content-encoding")).toBe("gzip");
  });

  it("refuses a form body that is too large or does not say its size, without reading it", async () => {
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        socket.on("close", () => resolve(answer));
        socket.on("error", reject);
        socket.setTimeout(5_000, () => socket.destroy());
        socket.write(head);
      });
    const tooLarge = await raw(
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\nemail=a`,
    );
    expect(tooLarge).toMatch(/^HTTP\/1\.1 413/);
    const unsized = await raw(
      "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n7\r\nemail=a\r\n0\r\n\r\n",
    );
    expect(unsized).toMatch(/^HTTP\/1\.1 411/);
    // An ordinary form is still read.
    const login = await postForm("/login", { email: "nobody@example.com", password: "wrong-password-123" });
    expect(login.status).toBe(401);
  });

  it("lets a page whose form carries a file (the suggestion form) take a multi-MB body; a plain page still refuses over 1 MiB", async () => {
    // 3 MB of bytes that are not an image: read whole by the page's action, which refuses the photo with its message.
    const form = new FormData();
    form.set("nameEn", "Big Photo Place");
    form.set("address", "Dizengoff 1");
    form.set("mode", "basic");
    form.set("certificate", new File([new Uint8Array(3 * 1024 * 1024).fill(7)], "teuda.jpg", { type: "image/jpeg" }));
    const suggested = await fetch(`${server.url}/suggest`, { method: "POST", body: form, redirect: "manual" });
    expect(suggested.status).toBe(400);
    // A public page, but its form's answer is never cached.
    expect(suggested.headers.get("x-cache")).not.toBe("HIT");
    expect(suggested.headers.get("cache-control") ?? "").not.toMatch(/public/);
    expect(await suggested.text()).toContain("The photo must be a JPEG, PNG or WebP image.");
    // Declared sizes, answered without reading the body: 3 MB to a page without a file form, more
    // than 64 MiB to the file form (a little over its 10 MiB is read for the typed fields and
    // answered as the photo's message: oversized-form.test.ts).
    const head = (target: string, bytes: number) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
        let text = "";
        socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
        socket.setTimeout(5_000, () => socket.destroy());
        socket.write(
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${bytes}\r\n\r\n--x`,
        );
      });
    expect(await head("/en/restaurant/some-place/report", 3 * 1024 * 1024)).toMatch(/^HTTP\/1\.1 413/);
    expect(await head("/he/suggest", 65 * 1024 * 1024)).toMatch(/^HTTP\/1\.1 413/);
  });

  it("serves hashed assets as immutable", async () => {
    const html = await (await get("/")).text();
    const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.css)"/.exec(html);
    const assetPath = asset?.[1] ?? asset?.[2];
    expect(assetPath).toBeTruthy();
    const response = await get(assetPath!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("max-age=31536000, immutable");
  });
});

describe("lifecycle", () => {
  it("stops cleanly on SIGTERM and keeps its data across a restart (here in production mode)", async () => {
    // Its own server and data, so the server the other tests use is never stopped or changed.
    const ownDir = mkdtempSync(path.join(tmpdir(), "kta-server-restart-"));
    const served = await createServerDatabase(ownDir);
    const port = await freePort();
    const ownEnv = {
      DATA_DIR: ownDir,
      DEMO_DATA: "false",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...served.env,
    };
    let own = await startServer(ownEnv);
    try {
      const account = { email: "restart@example.com", password: "olive-branch-restart-7" };
      const signUp = await fetch(own.url + "/signup", {
        method: "POST",
        body: new URLSearchParams({
          firstName: "Re",
          lastName: "Start",
          phone: "03-5550000",
          email: account.email,
          password: account.password,
          confirmPassword: account.password,
        }),
        redirect: "manual",
      });
      expect(signUp.status).toBe(200);
      expect(await signUp.text()).toContain("Sign up successful!");

      expect(await own.stop()).toBe(0);
      expect(own.output()).toContain("Stopped cleanly.");

      own = await startServer({ ...ownEnv, NODE_ENV: "production", AUTH_SECRET: "p".repeat(48), DEMO_DATA: "" });
      const home = await fetch(own.url + "/", { redirect: "manual" });
      expect(home.headers.get("strict-transport-security")).toContain("max-age=");
      // In production without METRICS_TOKEN, there are no metrics to read.
      expect((await fetch(own.url + "/metrics")).status).toBe(404);
      const signIn = await fetch(own.url + "/login", {
        method: "POST",
        body: new URLSearchParams(account),
        redirect: "manual",
      });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("location")).toBe("/");
      expect(signIn.headers.getSetCookie().join(";")).toMatch(/__Secure-better-auth\.session_token=/);

      // Production logs are JSON lines: the sign-in is one line, found by the id the response
      // carries, with its status and duration; the password and the new session never appear.
      const requestId = signIn.headers.get("x-request-id") ?? "";
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      // Lines are written in batches, at least once a second.
      const lineOf = (id: string) =>
        own
          .output()
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .find((entry) => entry.reqId === id);
      for (let waited = 0; !lineOf(requestId) && waited < 3_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const line = lineOf(requestId);
      expect(line).toMatchObject({ level: 30, req: { method: "POST", url: "/login" }, res: { statusCode: 302 } });
      expect(typeof line?.durationMs).toBe("number");
      const session = /session_token=([^;]+)/.exec(signIn.headers.getSetCookie().join(";"))?.[1] ?? "missing";
      expect(own.output()).not.toContain(account.password);
      expect(own.output()).not.toContain(decodeURIComponent(session));
    } finally {
      if (own.child.exitCode === null) await own.stop();
      await served.database?.destroy();
      rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("configuration errors stop start-up with a clear message", () => {
  it("a malformed DATABASE_URL", async () => {
    const result = await runServerToExit({ DATA_DIR: dataDir, DATABASE_URL: "postgres//oops" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/DATABASE_URL: must be a postgres/);
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it("a missing AUTH_SECRET in production", async () => {
    const result = await runServerToExit({ DATA_DIR: dataDir, NODE_ENV: "production" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/AUTH_SECRET: required when NODE_ENV=production/);
  });

  it("a second server on the same embedded database (PGlite only)", async (context) => {
    if (env.DATABASE_URL) context.skip("PostgreSQL serves any number of processes; the lock is PGlite's");
    const result = await runServerToExit({ DATA_DIR: dataDir, PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`is already open in another process (pid ${server.child.pid})`);
    expect(result.output).not.toMatch(/\n\s+at /);
    // The first server is unharmed.
    expect((await get("/healthz")).status).toBe(200);
  });
});
