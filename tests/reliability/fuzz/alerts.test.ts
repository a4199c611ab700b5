// Fuzzing alerts for saved places (ADR 024): the settings form at /account/alerts and /he/account/alerts
// (as a form and as its data request), and the unsubscribe link, opened (GET) and posted (the page's
// button, a mail client's one-click). Never a 5xx; a visitor changes nothing; an account changes its
// own setting only, and only to a language we write in; opening any unsubscribe link changes
// nothing; a POST turns off only the account of a token we signed, nothing for any other token.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlertTokens, type AlertTokens } from "../../../app/features/restaurants/alerts/token.server";
import { alertSettings } from "../../../database/schema/alerts";
import { anyString, encode, formBody, formEntries } from "./arbitraries";
import { check, send, sendInvalid, SIGNED_IN, startFuzzServer, type FuzzServer } from "./harness";

let server: FuzzServer;
let tokens: AlertTokens;
beforeAll(async () => {
  server = await startFuzzServer();
  // The server's development secret, in its DATA_DIR (server/config.ts), signs the links.
  tokens = createAlertTokens(readFileSync(path.join(path.dirname(server.uploadsDir), "auth-secret"), "utf8").trim());
});
afterAll(async () => {
  await server?.stop();
});

const lang = fc.constantFrom("", "/he");
const dataSuffix = fc.constantFrom("", ".data");
const FIELDS = {
  enabled: fc.oneof(fc.constantFrom("on", "", "off", "true"), anyString),
  language: fc.oneof(fc.constantFrom("en", "he", "", "fr", "EN"), anyString),
  userId: anyString,
  user_id: anyString,
};
const anySettingsForm = formBody(formEntries(FIELDS));

/** A token: one of ours (for some account), one of ours damaged, or anything. */
const anyToken = () =>
  fc.oneof(
    fc.constantFrom(...SIGNED_IN).map((who) => tokens.sign(server.fixtures.userIds[who])),
    fc.tuple(fc.constantFrom(...SIGNED_IN), fc.nat(80), anyString).map(([who, at, junk]) => {
      const token = tokens.sign(server.fixtures.userIds[who]);
      return `${token.slice(0, at % token.length)}${junk}${token.slice((at % token.length) + 1)}`;
    }),
    anyString,
  );

describe("alert settings", () => {
  it("a visitor changes nothing, whatever they send", async () => {
    const arbitrary = fc.record({ lang, dataSuffix, body: anySettingsForm });
    await check("alerts anonymous", arbitrary, 100, async ({ lang: prefix, dataSuffix: suffix, body }) => {
      const response = await sendInvalid(server, {
        method: "POST",
        path: `${prefix}/account/alerts${suffix}`,
        ...body,
      });
      expect(response.status).toBeLessThan(500);
    });
  });

  it("an account changes its own setting only, to a language we write in", async () => {
    const arbitrary = fc.record({ who: fc.constantFrom(...SIGNED_IN), lang, dataSuffix, body: anySettingsForm });
    await check("alerts account", arbitrary, 150, async ({ who, lang: prefix, dataSuffix: suffix, body }) => {
      const mine = server.fixtures.userIds[who];
      const others = (await server.db.select().from(alertSettings)).filter((row) => row.user_id !== mine);
      const response = await send(server, {
        method: "POST",
        path: `${prefix}/account/alerts${suffix}`,
        ...body,
        headers: { ...body.headers, ...server.cookieOf(who) },
      });
      expect(response.status).toBeLessThan(500);
      const rows = await server.db.select().from(alertSettings);
      expect(rows.filter((row) => row.user_id !== mine)).toEqual(others);
      for (const row of rows) expect(["en", "he"]).toContain(row.language);
    });
  });
});

describe("unsubscribe link", () => {
  it("opening it changes nothing, whatever the token, signed in or not", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom("anonymous" as const, ...SIGNED_IN),
      lang,
      dataSuffix,
      token: anyToken(),
    });
    await check("unsubscribe GET", arbitrary, 150, async ({ who, lang: prefix, dataSuffix: suffix, token }) => {
      const response = await sendInvalid(server, {
        method: "GET",
        path: `${prefix}/account/alerts/unsubscribe${suffix}?token=${encode(token)}`,
        headers: server.cookieOf(who),
      });
      expect(response.status).toBeLessThan(500);
    });
  });

  it("a POST turns off only the account of a token we signed; any other token changes nothing", async () => {
    const arbitrary = fc.record({
      who: fc.constantFrom("anonymous" as const, ...SIGNED_IN),
      lang,
      dataSuffix,
      token: anyToken(),
      inQuery: fc.boolean(),
      extra: formEntries({ "List-Unsubscribe": fc.constantFrom("One-Click"), token: anyString }),
    });
    await check(
      "unsubscribe POST",
      arbitrary,
      200,
      async ({ who, lang: prefix, dataSuffix: suffix, token, inQuery, extra }) => {
        // Every account's alerts on before each try.
        for (const id of Object.values(server.fixtures.userIds)) {
          await server.db
            .insert(alertSettings)
            .values({ user_id: id, enabled: true })
            .onConflictDoUpdate({ target: alertSettings.user_id, set: { enabled: true } });
        }
        const form = new URLSearchParams(
          inQuery ? extra.filter(([name]) => name !== "token").map(([k, v]) => [k, String(v)]) : [["token", token]],
        );
        const request = {
          method: "POST" as const,
          path: `${prefix}/account/alerts/unsubscribe${suffix}${inQuery ? `?token=${encode(token)}` : ""}`,
          body: form,
          headers: server.cookieOf(who),
        };
        const target = tokens.verify(token);
        const response = target === null ? await sendInvalid(server, request) : await send(server, request);
        expect(response.status).toBeLessThan(500);
        const off = (await server.db.select().from(alertSettings))
          .filter((row) => !row.enabled)
          .map((row) => row.user_id);
        // A body over the forms' limit (1 MiB: 413) is refused before it is read, good token or not.
        expect(off).toEqual(target === null || response.status === 413 ? [] : [target]);
      },
    );
  });
});
