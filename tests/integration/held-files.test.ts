// The files a claim or a suggestion holds (a claim's proof, a suggestion's certificate photo) are
// private: served by the whole server only to the admins who decide them, never cached, and deleted
// a set time after the decision by the upload clean-up (safe to run in several processes at once).
// A listing's own files stay public and cached a year.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HELD_FILE_DAYS } from "../../app/features/restaurants/editing/held-files.server";
import { imageFiles } from "../../app/lib/images";
import { insertRestaurant } from "../../database/factories";
import { claims, suggestions } from "../../database/schema/lifecycle";
import { uploads } from "../../database/schema/uploads";
import { createApp } from "../../server/app";
import { parseConfig } from "../../server/config";
import { createChangeFeed } from "../../server/data/changes";
import { createFileStore, createLocalStorage } from "../../server/uploads/storage";
import { cleanUploads } from "../../server/uploads/upload-cleanup";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { signedInUser } from "../setup/routes";
import { createTestAuth } from "../setup/services";

const DAY_MS = 24 * 60 * 60_000;
let database: TestDatabase;
let dataDir: string;
let uploadsDir: string;
let server: Server;
let base: string;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

const PUBLIC_PHOTO = "/uploads/restaurant-images/0123456789abcdef01234567-800.webp";
const PROOF = "/uploads/restaurant-images/89abcdef0123456789abcdef-1200.webp";
const PROOF_PDF = "/uploads/restaurant-menus/pdf_aaaabbbbccccddddeeeeffff.pdf";
const SUGGESTION_PHOTO = "/uploads/restaurant-images/fedcba9876543210fedcba98-800.webp";

function putFiles(url: string) {
  for (const one of imageFiles(url)) {
    const file = path.join(uploadsDir, one.slice("/uploads/".length));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, one.endsWith(".pdf") ? "%PDF-1.4\n" : "RIFF0000WEBP");
  }
}
const onDisk = (url: string) => existsSync(path.join(uploadsDir, url.slice("/uploads/".length)));

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-held-"));
  uploadsDir = path.join(dataDir, "uploads");
  const auth = createTestAuth(database.db);
  for (const [who, role] of [
    ["guest", "guest"],
    ["owner", "owner"],
    ["admin", "admin"],
  ] as const) {
    const user = await signedInUser({ db: database.db, auth }, { role, emailVerified: true });
    cookies[who] = user.cookie;
    ids[who] = user.id;
  }
  const app = createApp({
    config: parseConfig({ DATA_DIR: dataDir }),
    database,
    auth,
    changes: await createChangeFeed(database),
    build: () => Promise.reject(new Error("pages are not used by this test")),
    // Not the data folder: the client build's own static files are served before /uploads.
    clientDir: mkdtempSync(path.join(tmpdir(), "kta-held-client-")),
    storage: createLocalStorage(uploadsDir),
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(uploads);
  await database.db.delete(claims);
  await database.db.delete(suggestions);
  const listing = await insertRestaurant(database.db, {});
  ids.listing = listing.id;
  for (const url of [PUBLIC_PHOTO, PROOF, PROOF_PDF, SUGGESTION_PHOTO]) putFiles(url);
  const [claim] = await database.db
    .insert(claims)
    .values({
      restaurant_id: listing.id,
      user_id: ids.guest!,
      role_at_restaurant: "Owner",
      business_phone: "03-555-1234",
      proof_url: PROOF,
      language: "en",
    })
    .returning();
  const [pdfClaim] = await database.db
    .insert(claims)
    .values({
      restaurant_id: listing.id,
      user_id: ids.owner!,
      role_at_restaurant: "Owner",
      business_phone: "03-555-1234",
      proof_url: PROOF_PDF,
      language: "he",
    })
    .returning();
  const [suggestion] = await database.db
    .insert(suggestions)
    .values({
      name_en: "New Place",
      address: "1 New St",
      certificate_url: SUGGESTION_PHOTO,
      language: "en",
      proof_of_work: true,
    })
    .returning();
  ids.claim = claim!.id;
  ids.pdfClaim = pdfClaim!.id;
  ids.suggestion = suggestion!.id;
  await database.db.insert(uploads).values([
    { url: PUBLIC_PHOTO, kind: "photo", restaurant_id: listing.id, attached_at: new Date() },
    { url: PROOF, kind: "teuda", uploaded_by: ids.guest!, held_by: claim!.id },
    { url: PROOF_PDF, kind: "pdf", uploaded_by: ids.owner!, held_by: pdfClaim!.id },
    { url: SUGGESTION_PHOTO, kind: "teuda", held_by: suggestion!.id },
  ]);
});

const get = (url: string, who?: string) => fetch(`${base}${url}`, who ? { headers: { cookie: cookies[who]! } } : {});

describe("serving held files", () => {
  it("a claim's proof (every width, and a PDF) and a suggestion's photo reach admins only, never cached; anyone else gets 404", async () => {
    for (const url of [...imageFiles(PROOF), PROOF_PDF, ...imageFiles(SUGGESTION_PHOTO)]) {
      for (const who of [undefined, "guest", "owner"]) {
        const refused = await get(url, who);
        expect(refused.status, `${url} as ${who ?? "a visitor"}`).toBe(404);
        expect(refused.headers.get("cache-control"), url).toBe("private, no-store");
      }
      const admin = await get(url, "admin");
      expect(admin.status, url).toBe(200);
      expect(admin.headers.get("cache-control"), url).toBe("private, no-store");
      expect(admin.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const head = await fetch(`${base}${PROOF}`, { method: "HEAD" });
    expect(head.status).toBe(404);
  });

  it("a listing's own files stay public and cached a year", async () => {
    for (const url of imageFiles(PUBLIC_PHOTO)) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
  });

  it("a suggestion's photo attached to the listing its approval made is the listing's: public", async () => {
    await database.db
      .update(uploads)
      .set({ restaurant_id: ids.listing!, attached_at: new Date() })
      .where(eq(uploads.url, SUGGESTION_PHOTO));
    expect((await get(SUGGESTION_PHOTO)).status).toBe(200);
  });
});

describe("deleting held files after the decision", () => {
  const files = () => createFileStore(createLocalStorage(uploadsDir));
  const clean = (now: Date) => cleanUploads({ db: database.db, files: files(), graceHours: 24, now });

  it(`deletes them ${HELD_FILE_DAYS} days after the decision (row, files, the holder's link), never while open or sooner`, async () => {
    expect(HELD_FILE_DAYS).toBe(30);
    const decidedAt = new Date("2026-10-01T10:00:00Z");
    await database.db
      .update(claims)
      .set({ status: "rejected", decision_note: "No.", decided_at: decidedAt })
      .where(eq(claims.id, ids.claim!));
    await database.db
      .update(suggestions)
      .set({ status: "rejected", decision_note: "No.", decided_at: decidedAt })
      .where(eq(suggestions.id, ids.suggestion!));
    // The day before the time is up: nothing goes.
    expect(await clean(new Date(decidedAt.getTime() + (HELD_FILE_DAYS - 1) * DAY_MS))).toEqual([]);
    expect(onDisk(PROOF)).toBe(true);
    const removed = await clean(new Date(decidedAt.getTime() + (HELD_FILE_DAYS + 1) * DAY_MS));
    expect(removed.sort()).toEqual([PROOF, SUGGESTION_PHOTO].sort());
    for (const url of [...imageFiles(PROOF), ...imageFiles(SUGGESTION_PHOTO)]) expect(onDisk(url), url).toBe(false);
    expect((await database.db.select().from(uploads)).map((row) => row.url).sort()).toEqual(
      [PROOF_PDF, PUBLIC_PHOTO].sort(),
    );
    const [claim] = await database.db.select().from(claims).where(eq(claims.id, ids.claim!));
    expect(claim?.proof_url).toBe("");
    const [suggestion] = await database.db.select().from(suggestions).where(eq(suggestions.id, ids.suggestion!));
    expect(suggestion?.certificate_url).toBeNull();
    // The open claim's PDF and the listing's photo are kept.
    expect(onDisk(PROOF_PDF)).toBe(true);
    expect(onDisk(PUBLIC_PHOTO)).toBe(true);
  });

  it("an approved suggestion's photo attached to its listing is kept", async () => {
    const decidedAt = new Date("2026-10-01T10:00:00Z");
    await database.db
      .update(suggestions)
      .set({ status: "approved", decided_at: decidedAt })
      .where(eq(suggestions.id, ids.suggestion!));
    await database.db
      .update(uploads)
      .set({ restaurant_id: ids.listing!, attached_at: decidedAt })
      .where(eq(uploads.url, SUGGESTION_PHOTO));
    expect(await clean(new Date(decidedAt.getTime() + 90 * DAY_MS))).toEqual([]);
    expect(onDisk(SUGGESTION_PHOTO)).toBe(true);
  });

  it("two clean-ups at once (two processes) delete each file once, without an error", async () => {
    const decidedAt = new Date("2026-10-01T10:00:00Z");
    await database.db.update(claims).set({ status: "approved", decided_at: decidedAt });
    const now = new Date(decidedAt.getTime() + (HELD_FILE_DAYS + 1) * DAY_MS);
    const [one, two] = await Promise.all([clean(now), clean(now)]);
    expect([...one!, ...two!].sort()).toEqual([PROOF, PROOF_PDF].sort());
  });
});
