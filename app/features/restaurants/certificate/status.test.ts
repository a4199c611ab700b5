import { describe, expect, it } from "vitest";
import { hasValidCertificate } from "./filter";
import { certificateState, oldestPassingDay } from "../core/certificate-status";

const rabbinate = { body: "rabbinate_tel_aviv", validUntil: "2027-04-19" } as const;
const at = (today: string, graceDays = 30) => ({ today, graceDays });

describe("certificateState", () => {
  it("is valid the day before and on its last day", () => {
    expect(certificateState(rabbinate, at("2027-04-18"))).toEqual({ kind: "valid", until: "2027-04-19" });
    expect(certificateState(rabbinate, at("2027-04-19"))).toEqual({ kind: "valid", until: "2027-04-19" });
  });

  it("is renewal pending from the day after, through the grace period", () => {
    expect(certificateState(rabbinate, at("2027-04-20"))).toEqual({
      kind: "renewalPending",
      until: "2027-04-19",
      expiredOn: "2027-04-20",
    });
    // 30 days of grace: the 30th day after the last valid day is the last pending one.
    expect(certificateState(rabbinate, at("2027-05-19")).kind).toBe("renewalPending");
  });

  it("is expired after the grace period", () => {
    expect(certificateState(rabbinate, at("2027-05-20"))).toEqual({
      kind: "expired",
      until: "2027-04-19",
      expiredOn: "2027-04-20",
    });
    expect(certificateState(rabbinate, at("2030-01-01")).kind).toBe("expired");
  });

  it("is expired the day after without a grace period", () => {
    expect(certificateState(rabbinate, at("2027-04-20", 0)).kind).toBe("expired");
    expect(certificateState(rabbinate, { today: "2027-04-20" }).kind).toBe("expired");
  });

  it("is none without facts, without a date, for 'none' and for a date that is not yyyy-MM-dd", () => {
    expect(certificateState(undefined, at("2027-04-19")).kind).toBe("none");
    expect(certificateState({ body: "tzohar" }, at("2027-04-19")).kind).toBe("none");
    expect(certificateState({ body: "none", validUntil: "2027-04-19" }, at("2027-04-19")).kind).toBe("none");
    expect(certificateState({ body: "tzohar", validUntil: "19.4.2027" }, at("2027-01-01")).kind).toBe("none");
  });

  it("crosses months and years by calendar days", () => {
    const december = { body: "badatz_beit_yosef", validUntil: "2026-12-31" } as const;
    expect(certificateState(december, at("2027-01-01", 3))).toEqual({
      kind: "renewalPending",
      until: "2026-12-31",
      expiredOn: "2027-01-01",
    });
    expect(certificateState(december, at("2027-01-03", 3)).kind).toBe("renewalPending");
    expect(certificateState(december, at("2027-01-04", 3)).kind).toBe("expired");
  });
});

describe("the Valid certificate filter", () => {
  it("keeps valid and renewal pending, drops expired and none", () => {
    expect(hasValidCertificate(rabbinate, at("2027-04-19"))).toBe(true);
    expect(hasValidCertificate(rabbinate, at("2027-05-19"))).toBe(true);
    expect(hasValidCertificate(rabbinate, at("2027-05-20"))).toBe(false);
    expect(hasValidCertificate({ body: "tzohar" }, at("2027-05-20"))).toBe(false);
    expect(hasValidCertificate(undefined, at("2027-05-20"))).toBe(false);
  });

  it("agrees with the database's oldest passing day", () => {
    expect(oldestPassingDay(at("2027-05-19"))).toBe("2027-04-19");
    expect(oldestPassingDay(at("2027-05-20"))).toBe("2027-04-20");
    expect(oldestPassingDay({ today: "2027-05-20" })).toBe("2027-05-20");
  });
});
