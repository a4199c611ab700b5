// One kashrut model (ADR 032): the spec's value derived from the certificate's body and level, by the
// same rule in TypeScript and in the migration that mapped the stored data (drizzle/0020's CASE, run
// here on every pair in an in-memory PostgreSQL), and the body a value implies where none is given.
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { CERTIFICATE_BODIES, CERTIFICATE_LEVELS } from "../../../../database/lifecycle";
import { buildRestaurantRow } from "../../../../database/factories";
import { KASHRUT_VALUES } from "./constants";
import { deriveKashrut, impliedCertificate } from "./kashrut-model";
import { formValuesToRow, restaurantToFormValues, rowToRestaurant } from "./mapping";

const BODIES = [...CERTIFICATE_BODIES, null];
const LEVELS = [...CERTIFICATE_LEVELS, null];
const PAIRS = BODIES.flatMap((body) => LEVELS.map((level) => ({ body, level })));

describe("deriveKashrut", () => {
  it("reads the Rabbinate as rabanut or mehadrin, every Badatz as mehadrin, Tzohar as tzohar", () => {
    expect(deriveKashrut("rabbinate_tel_aviv", "regular")).toBe("rabanut");
    expect(deriveKashrut("rabbinate_tel_aviv", null)).toBe("rabanut");
    expect(deriveKashrut("rabbinate_tel_aviv", "mehadrin")).toBe("mehadrin");
    for (const body of CERTIFICATE_BODIES.filter((b) => b.startsWith("badatz_")))
      for (const level of LEVELS) expect(deriveKashrut(body, level)).toBe("mehadrin");
    for (const level of LEVELS) expect(deriveKashrut("tzohar", level)).toBe("tzohar");
  });

  it("reads other private supervision as mehadrin only at that level, and none or no body as unknown", () => {
    expect(deriveKashrut("private_other", "mehadrin")).toBe("mehadrin");
    expect(deriveKashrut("private_other", "regular")).toBe("unknown");
    expect(deriveKashrut("private_other", null)).toBe("unknown");
    for (const level of LEVELS) {
      expect(deriveKashrut("none", level)).toBe("unknown");
      expect(deriveKashrut(null, level)).toBe("unknown");
      expect(deriveKashrut(undefined, level)).toBe("unknown");
    }
  });

  it("is the migration's rule, on every pair of body and level", async () => {
    const migration = readFileSync(
      new URL("../../../../drizzle/0020_kashrut_model_and_register.sql", import.meta.url),
      "utf8",
    );
    const rule = /<> (CASE[\s\S]*?END)/.exec(migration)?.[1];
    expect(rule, "the migration's CASE").toBeDefined();
    const literal = (value: string | null) => (value === null ? "NULL" : `'${value}'`);
    const rows = PAIRS.map(({ body, level }) => `(${literal(body)}, ${literal(level)})`).join(", ");
    const db = new PGlite();
    try {
      const result = await db.query<{ body: string | null; level: string | null; kashrut: string }>(
        `SELECT "certificate_body" AS body, "certificate_level" AS level, ${rule!} AS kashrut
         FROM (VALUES ${rows}) AS t("certificate_body", "certificate_level")`,
      );
      expect(result.rows).toHaveLength(PAIRS.length);
      for (const row of result.rows)
        expect(row.kashrut, `${row.body} / ${row.level}`).toBe(
          deriveKashrut(row.body as (typeof BODIES)[number], row.level as (typeof LEVELS)[number]),
        );
    } finally {
      await db.close();
    }
    // An embedded PostgreSQL starts in 2-3 s on an idle machine: more than a unit test's default 5 s when busy.
  }, 30_000);
});

describe("impliedCertificate", () => {
  it("gives back, through deriveKashrut, the value it was made from", () => {
    for (const kashrut of KASHRUT_VALUES) {
      const { body, level } = impliedCertificate(kashrut);
      expect(deriveKashrut(body, level)).toBe(kashrut);
    }
  });

  it("is the migration's reading of a value without a body (the Tel Aviv Rabbinate's, Tzohar, none)", () => {
    expect(impliedCertificate("rabanut")).toEqual({ body: "rabbinate_tel_aviv", level: "regular" });
    expect(impliedCertificate("mehadrin")).toEqual({ body: "rabbinate_tel_aviv", level: "mehadrin" });
    expect(impliedCertificate("tzohar")).toEqual({ body: "tzohar", level: null });
    expect(impliedCertificate("unknown")).toEqual({ body: null, level: null });
  });
});

describe("the stored kashrut value is written from the certificate at every save", () => {
  it("overrides a disagreeing value with the certificate's reading, and keeps meat/dairy/parve", () => {
    const row = buildRestaurantRow({
      kashrut: "rabanut",
      certificate_body: "badatz_beit_yosef",
      certificate_level: "mehadrin",
      kosher_kind: "dairy",
    });
    const restaurant = rowToRestaurant(row);
    expect(restaurant.kosherKind).toBe("dairy");
    const values = restaurantToFormValues(restaurant);
    expect(values).toMatchObject({ kashrut: "mehadrin", certificateBody: "badatz_beit_yosef", kosherKind: "dairy" });
    expect(formValuesToRow({ ...values, kashrut: "tzohar" })).toMatchObject({
      kashrut: "mehadrin",
      certificate_body: "badatz_beit_yosef",
      kosher_kind: "dairy",
    });
  });

  it("gives a listing stored without a body (older data) the body its value implies", () => {
    const values = restaurantToFormValues(rowToRestaurant(buildRestaurantRow({ kashrut: "tzohar" })));
    expect(values).toMatchObject({ kashrut: "tzohar", certificateBody: "tzohar" });
    expect(formValuesToRow(values)).toMatchObject({ kashrut: "tzohar", certificate_body: "tzohar", kosher_kind: null });
  });

  it("reads a stored kind off the list as not known", () => {
    const row = buildRestaurantRow({ kosher_kind: "fleishig" as never });
    expect(rowToRestaurant(row)).not.toHaveProperty("kosherKind");
  });
});
