// What a saved place's alert says: its snapshot against its facts now (ADR 024).
import { describe, expect, it } from "vitest";
import { changesSince, isCertificateExpired, type CurrentFacts, type PlaceFacts } from "./changes";

const before: PlaceFacts = {
  kashrut: "rabanut",
  certificateBody: "rabbinate_tel_aviv",
  certificateLevel: "regular",
  closed: false,
  certificateExpired: false,
};
const now = (change: Partial<CurrentFacts> = {}): CurrentFacts => ({ ...before, validUntil: "2027-04-19", ...change });

describe("changesSince", () => {
  it("says nothing when nothing changed (or it changed and changed back)", () => {
    expect(changesSince(before, now())).toEqual([]);
    // The valid-until day alone is no news (a certificate renewed before it expired).
    expect(changesSince(before, now({ validUntil: "2028-01-01" }))).toEqual([]);
  });

  it("tells the kashrut, the supervising body and the level, from and to", () => {
    expect(changesSince(before, now({ kashrut: "tzohar" }))).toEqual([
      { kind: "kashrut", from: "rabanut", to: "tzohar" },
    ]);
    expect(changesSince(before, now({ certificateBody: "tzohar" }))).toEqual([
      { kind: "authority", from: "rabbinate_tel_aviv", to: "tzohar" },
    ]);
    expect(changesSince(before, now({ certificateLevel: "mehadrin" }))).toEqual([
      { kind: "level", from: "regular", to: "mehadrin" },
    ]);
    expect(changesSince(before, now({ certificateLevel: null }))).toEqual([
      { kind: "level", from: "regular", to: null },
    ]);
  });

  it("takes 'none' and not given for the same: no body", () => {
    expect(changesSince({ ...before, certificateBody: null }, now({ certificateBody: "none" }))).toEqual([]);
    expect(changesSince(before, now({ certificateBody: "none" }))).toEqual([
      { kind: "authority", from: "rabbinate_tel_aviv", to: null },
    ]);
  });

  it("tells a place closed, and reopened", () => {
    expect(changesSince(before, now({ closed: true }))).toEqual([{ kind: "closed" }]);
    expect(changesSince({ ...before, closed: true }, now())).toEqual([{ kind: "reopened" }]);
  });

  it("tells a certificate expired with its last day, and renewed with its new one", () => {
    expect(changesSince(before, now({ certificateExpired: true, validUntil: "2026-11-20" }))).toEqual([
      { kind: "expired", validUntil: "2026-11-20" },
    ]);
    expect(changesSince({ ...before, certificateExpired: true }, now({ validUntil: "2027-11-20" }))).toEqual([
      { kind: "renewed", validUntil: "2027-11-20" },
    ]);
    // Expired and still expired: told once.
    expect(
      changesSince(
        { ...before, certificateExpired: true },
        now({ certificateExpired: true, validUntil: "2026-11-20" }),
      ),
    ).toEqual([]);
    // The body taken away is the body's change, not a renewal.
    expect(
      changesSince({ ...before, certificateExpired: true }, now({ certificateBody: "none", validUntil: null })),
    ).toEqual([{ kind: "authority", from: "rabbinate_tel_aviv", to: null }]);
  });

  it("lists every change at once, in a fixed order", () => {
    const all = changesSince(
      before,
      now({
        kashrut: "mehadrin",
        certificateBody: "badatz_landau",
        certificateLevel: "mehadrin",
        closed: true,
        certificateExpired: true,
        validUntil: "2026-01-01",
      }),
    );
    expect(all.map((change) => change.kind)).toEqual(["kashrut", "authority", "level", "closed", "expired"]);
  });
});

describe("isCertificateExpired", () => {
  it("is expired from the day after the last valid day (Tel Aviv days), under a body only", () => {
    expect(isCertificateExpired("rabbinate_tel_aviv", "2026-11-25", "2026-11-25")).toBe(false);
    expect(isCertificateExpired("rabbinate_tel_aviv", "2026-11-25", "2026-11-26")).toBe(true);
    expect(isCertificateExpired("none", "2026-11-25", "2026-11-26")).toBe(false);
    expect(isCertificateExpired(null, "2026-11-25", "2026-11-26")).toBe(false);
    expect(isCertificateExpired("tzohar", null, "2026-11-26")).toBe(false);
  });
});
