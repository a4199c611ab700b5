// Fuzzing claims (ADR 023): sending one at /en|he/restaurant/:slug/claim (a form carrying one
// file), reading the claim page, and the admins' queue at /dashboard/claims (approve, reject with a
// reason; listing with any filter) — as a visitor, a guest, an owner (linked to a restaurant or
// not) and an admin. Never a 5xx or a stack trace; an invalid or unauthorised request changes
// nothing (no claim, no file); a valid claim stores exactly one row and one held file.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../database/schema/auth";
import { claims } from "../../../database/schema/lifecycle";
import { uploads } from "../../../database/schema/uploads";
import { anyId, anySegment, anyString, formBody, formEntries, intents } from "./arbitraries";
import {
  check,
  clearRateLimits,
  EVERYONE,
  fingerprint,
  send,
  sendInvalid,
  startFuzzServer,
  uploadedFiles,
  type FuzzServer,
  type Who,
} from "./harness";

let server: FuzzServer;
/** Claims stored before the fuzzing: one open and one already rejected, both by the guest on the listing without owners. */
const seeded = { openId: "", decidedId: "" };
let png: Buffer;

beforeAll(async () => {
  server = await startFuzzServer();
  const { otherRestaurantId, userIds } = server.fixtures;
  const base = {
    restaurant_id: otherRestaurantId,
    user_id: userIds.guest,
    business_phone: "03-555-1234",
    proof_url: "/uploads/restaurant-images/claim-proof-800.webp",
  };
  const [open] = await server.db
    .insert(claims)
    .values({ ...base, role_at_restaurant: "Owner", language: "en" })
    .returning();
  const [decided] = await server.db
    .insert(claims)
    .values({
      ...base,
      role_at_restaurant: "<b>Manager</b>",
      language: "he",
      status: "rejected",
      decision_note: "No proof.",
      decided_by: userIds.admin,
      decided_at: new Date(),
    })
    .returning();
  seeded.openId = open!.id;
  seeded.decidedId = decided!.id;
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#557799" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await server?.stop();
});

const cookieOf = (who: Who) => server.cookieOf(who);
const language = fc.constantFrom("en", "he");
const dataSuffix = fc.constantFrom("", ".data");
const claimPath = (lang: string, slug: string, suffix = "") => `/${lang}/restaurant/${slug}/claim${suffix}`;

/** Proofs the upload checks must refuse: nothing, empty, text, a lying type, a truncated image, a broken PDF. */
const badProof: fc.Arbitrary<Blob | null> = fc.oneof(
  fc.constant(null),
  fc.constant(new Blob([])),
  anyString.map((text) => new Blob([text], { type: "image/png" })),
  fc.uint8Array({ minLength: 1, maxLength: 3_000 }).map((bytes) => new Blob([bytes], { type: "application/pdf" })),
  fc.constant(new Blob(["GIF89a"], { type: "image/gif" })),
  fc.constant(new Blob(["\x89PNG\r\n\x1a\n truncated"], { type: "image/png" })),
  fc.constant(
    new Blob(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], { type: "image/svg+xml" }),
  ),
);

describe("sending a claim", () => {
  it("refuses every claim without an acceptable proof, from everyone, on any listing; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: fc.oneof(fc.constantFrom("other-place", "fuzz-place", "foreign-place", "no-such-place"), anySegment),
      suffix: dataSuffix,
      role: fc.oneof(fc.constantFrom("Owner", "מנהל"), anyString),
      phone: fc.oneof(fc.constantFrom("03-555-1234", "+972 54 123 4567"), anyString),
      note: anyString,
      proof: badProof,
      proofName: fc.oneof(fc.constantFrom("proof.png", "proof.pdf", "../../etc/passwd", ""), anyString),
    });
    await check(
      "claim send invalid",
      arbitrary,
      250,
      async ({ who, lang, slug, suffix, role, phone, note, proof, proofName }) => {
        const body = new FormData();
        body.set("role", role);
        body.set("phone", phone);
        body.set("note", note);
        if (proof) body.set("proof", proof, proofName || "x");
        // Refused (400, 403, 404, 409, 413, 429) or, for a listing that is gone, sent home: never stored.
        await sendInvalid(server, {
          method: "POST",
          path: claimPath(lang, slug, suffix),
          body,
          headers: cookieOf(who),
        });
      },
    );
    await clearRateLimits(server);
  });

  it("answers any body (text fields only, files where text belongs, malformed multipart, wrong content types) without a 5xx; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: fc.constantFrom("other-place", "fuzz-place"),
      body: formBody(formEntries({ role: anyString, phone: anyString, note: anyString, proof: anyString })),
    });
    await check("claim send any", arbitrary, 200, async ({ who, lang, slug, body }) => {
      await sendInvalid(server, {
        method: "POST",
        path: claimPath(lang, slug),
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      });
    });
    await clearRateLimits(server);
  });

  it("a valid claim stores exactly one row and its file, held by it; the same again is refused and changes nothing", async () => {
    for (const who of ["owner", "ownerLinked"] as const) {
      const filesBefore = uploadedFiles(server.uploadsDir).length;
      const body = () => {
        const form = new FormData();
        form.set("role", "Owner");
        form.set("phone", "03-555-1234");
        form.set("note", "");
        form.set("proof", new Blob([new Uint8Array(png)], { type: "image/png" }), "certificate.png");
        return form;
      };
      // From an address never verified, the same valid claim is refused and changes nothing.
      const unverified = await sendInvalid(server, {
        method: "POST",
        path: claimPath("en", "other-place"),
        body: body(),
        headers: cookieOf(who),
      });
      expect(unverified.status, who).toBe(403);
      await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, server.fixtures.userIds[who]));
      const sent = await send(server, {
        method: "POST",
        path: claimPath("en", "other-place"),
        body: body(),
        headers: cookieOf(who),
      });
      expect(sent.status, who).toBe(302);
      const mine = await server.db.select().from(claims).where(eq(claims.user_id, server.fixtures.userIds[who]));
      expect(mine, who).toHaveLength(1);
      const [held] = await server.db.select().from(uploads).where(eq(uploads.url, mine[0]!.proof_url));
      expect(held?.held_by).toBe(mine[0]!.id);
      expect(uploadedFiles(server.uploadsDir).length).toBeGreaterThan(filesBefore);
      const again = await sendInvalid(server, {
        method: "POST",
        path: claimPath("en", "other-place"),
        body: body(),
        headers: cookieOf(who),
      });
      expect(again.status).toBe(409);
    }
    // A listing with owners takes none, from anyone (with a verified address: others are refused before).
    await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, server.fixtures.userIds.guest));
    for (const who of ["guest", "owner"] as const) {
      const form = new FormData();
      form.set("role", "Owner");
      form.set("phone", "03-555-1234");
      form.set("proof", new Blob([new Uint8Array(png)], { type: "image/png" }), "certificate.png");
      const refused = await sendInvalid(server, {
        method: "POST",
        path: claimPath("he", "fuzz-place"),
        body: form,
        headers: cookieOf(who),
      });
      expect(refused.status).toBe(409);
    }
    await clearRateLimits(server);
  });

  it("the claim page answers any slug and query, for everyone, without a 5xx", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      lang: language,
      slug: fc.oneof(fc.constantFrom("other-place", "fuzz-place"), anySegment),
      suffix: dataSuffix,
    });
    await check("claim page", arbitrary, 120, async ({ who, lang, slug, suffix }) => {
      const response = await send(server, {
        method: "GET",
        path: claimPath(lang, slug, suffix),
        headers: cookieOf(who),
      });
      expect([200, 202, 302, 400, 404]).toContain(response.status);
      // Private: never cached, whoever asks.
      if (response.status === 200) expect(response.headers.get("cache-control")).toContain("no-store");
    });
  });
});

describe("the claims queue", () => {
  it("refuses every decision from non-admins, and invalid ones from admins; nothing changes", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      prefix: fc.constantFrom("", "/he"),
      intent: intents(["approve", "reject"]),
      claimId: fc.oneof(fc.constantFrom("OPEN", "DECIDED"), anyId),
      reason: fc.oneof(fc.constantFrom("", "   ", "\u0000", "r".repeat(1_001)), anyString),
    });
    await check("claims decide invalid", arbitrary, 300, async ({ who, prefix, intent, claimId, reason }) => {
      const id = claimId === "OPEN" ? seeded.openId : claimId === "DECIDED" ? seeded.decidedId : claimId;
      const request = {
        method: "POST",
        path: `${prefix}/dashboard/claims`,
        body: new URLSearchParams({ intent, claimId: id, reason }),
        headers: cookieOf(who),
      };
      // An admin approving (or rejecting with a good reason) the open claim decides it: valid, not fuzzed here.
      const mayBeValid = who === "admin" && id === seeded.openId && (intent === "approve" || intent === "reject");
      if (mayBeValid) return;
      const response = await sendInvalid(server, request);
      // A visitor is sent to log in; everyone else is answered with a refusal.
      if (who !== "anonymous") expect(response.status).toBeGreaterThanOrEqual(400);
    });
  });

  it("answers any body and any query without a 5xx; only an admin reads it", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom(...EVERYONE),
      status: fc.oneof(fc.constantFrom("open", "approved", "rejected", "all"), anyString),
      page: fc.oneof(fc.constantFrom("1", "2", "0", "-1", "1e9", "NaN"), anyString),
      body: formBody(formEntries({ intent: intents(["approve", "reject"]), claimId: anyId, reason: anyString })),
    });
    await check("claims queue any", arbitrary, 150, async ({ who, status, page, body }) => {
      const query = new URLSearchParams({ status, page }).toString();
      const read = await send(server, { method: "GET", path: `/dashboard/claims?${query}`, headers: cookieOf(who) });
      // Only an admin reads the queue (a very long query may be refused before any page, for anyone).
      if (who !== "admin") expect(read.status, who).not.toBe(200);
      const request = {
        method: "POST",
        path: "/dashboard/claims",
        ...body,
        headers: { ...body.headers, ...cookieOf(who) },
      };
      if (who === "admin") await send(server, request);
      else await sendInvalid(server, request);
    });
  });

  it("a decision taken once cannot be taken again", async () => {
    const before = await fingerprint(server.db);
    const again = await sendInvalid(server, {
      method: "POST",
      path: "/dashboard/claims",
      body: new URLSearchParams({ intent: "approve", claimId: seeded.decidedId }),
      headers: cookieOf("admin"),
    });
    expect(again.status).toBe(409);
    expect(await fingerprint(server.db)).toEqual(before);
  });
});
