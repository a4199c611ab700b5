// A page's form that carries a file larger than the door takes (a 12 MB proof on the claim form, a
// 12 MB photo on the suggestion form) is answered by the whole server as the page would answer a
// refusal: the file field's message in the page's language, everything else typed sent back to
// fill the form again, nothing stored — for a browser without JavaScript (the page itself) and with
// it (the page's data). A body far beyond any form is still refused at once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, insertRestaurant } from "../../database/factories";
import { claims, suggestions } from "../../database/schema/lifecycle";
import { uploads } from "../../database/schema/uploads";
import type { RunningServer, startServer as StartServer } from "../../server/index";
import { parseConfig } from "../../server/config";
import { OVERSIZED_FORM_READ_MAX } from "../../server/http/oversized-form";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { sessionCookie } from "../setup/routes";
import { createTestAuth } from "../setup/services";

let database: TestDatabase;
let dataDir: string;
let running: RunningServer;
let base: string;
let cookie: string;
const TWELVE_MB = new Uint8Array(12 * 1024 * 1024);

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-oversized-"));
  await insertRestaurant(database.db, { slug: "big-file-cafe", name_en: "Big File Cafe", name_he: "קפה קובץ גדול" });
  const user = await createUser(database.db, createTestAuth(database.db), { role: "guest", emailVerified: true });
  const start = (
    (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as { startServer: typeof StartServer }
  ).startServer;
  running = await start({
    config: parseConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", HOST: "127.0.0.1" }),
    database,
    clientDir: path.resolve("build/client"),
  });
  base = `http://127.0.0.1:${running.port}`;
  // Signed in through the app's own login, so the session is the server's.
  const login = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: user.email, password: user.password }),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  cookie = sessionCookie(login.headers);
}, 60_000);
afterAll(async () => {
  await running?.stop();
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

function claimForm(): FormData {
  const form = new FormData();
  form.set("role", "Owner and chef");
  form.set("phone", "03-555-1234");
  form.set("note", "הערה שלא תאבד");
  form.set("proof", new File([TWELVE_MB], "certificate.jpg", { type: "image/jpeg" }));
  return form;
}

function suggestionForm(): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    mode: "basic",
    nameEn: "Huge Photo Grill",
    nameHe: "גריל תמונה ענקית",
    address: "5 Dizengoff St",
    kashrut: "Rabbinate",
    note: "Kept",
  }))
    form.set(name, value);
  form.set("certificate", new File([TWELVE_MB], "photo.jpg", { type: "image/jpeg" }));
  return form;
}

const headers = { cookie: "", "sec-fetch-site": "same-origin" };
const nothingStored = async () => {
  expect(await database.db.select().from(claims)).toEqual([]);
  expect(await database.db.select().from(suggestions)).toEqual([]);
  expect(await database.db.select().from(uploads)).toEqual([]);
};

describe("a form with a file over the limit", () => {
  it("without JavaScript, the claim page comes back with the proof's message in its language and what was typed (English and Hebrew)", async () => {
    for (const [language, message] of [
      ["en", "The proof can be at most 10 MB"],
      ["he", "ההוכחה יכולה להיות עד 10MB"],
    ] as const) {
      const response = await fetch(`${base}/${language}/restaurant/big-file-cafe/claim`, {
        method: "POST",
        body: claimForm(),
        headers: { ...headers, cookie },
      });
      expect(response.status, language).toBe(413);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain('value="Owner and chef"');
      expect(html).toContain('value="03-555-1234"');
      expect(html).toContain("הערה שלא תאבד");
    }
    await nothingStored();
  });

  it("with JavaScript (the page's data), the claim's answer is the proof's field error and the fields", async () => {
    const response = await fetch(`${base}/he/restaurant/big-file-cafe/claim.data`, {
      method: "POST",
      body: claimForm(),
      headers: { ...headers, cookie },
    });
    expect(response.status).toBe(413);
    const body = await response.text();
    expect(body).toContain("claim.proofTooLarge");
    expect(body).toContain("Owner and chef");
    await nothingStored();
  });

  it("without JavaScript and with it, the suggestion page comes back with the photo's message and what was typed (English and Hebrew)", async () => {
    for (const [language, prefix] of [
      ["en", ""],
      ["he", "/he"],
    ] as const) {
      const page = await fetch(`${base}${prefix}/suggest`, { method: "POST", body: suggestionForm(), headers });
      expect(page.status, language).toBe(413);
      const html = await page.text();
      expect(html).toContain(language === "en" ? "Huge Photo Grill" : "גריל תמונה ענקית");
      expect(html).toContain("5 Dizengoff St");
      const data = await fetch(`${base}${prefix}/suggest.data`, { method: "POST", body: suggestionForm(), headers });
      expect(data.status).toBe(413);
      expect(await data.text()).toContain("suggest.photoTooLarge");
    }
    await nothingStored();
  });

  it("a body far beyond any form is refused unread, and a plain form's limit is unchanged", async () => {
    const huge = await fetch(`${base}/en/restaurant/big-file-cafe/claim`, {
      method: "POST",
      body: "x",
      headers: {
        ...headers,
        cookie,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(OVERSIZED_FORM_READ_MAX + 1),
      },
    }).catch(() => null);
    if (huge) expect(huge.status).toBe(413);
    const plain = new FormData();
    plain.set("file", new File([TWELVE_MB], "x.jpg"));
    const login = await fetch(`${base}/login`, { method: "POST", body: plain, headers });
    expect(login.status).toBe(413);
    expect(await login.text()).toBe("Request too large");
    await nothingStored();
  });
});
