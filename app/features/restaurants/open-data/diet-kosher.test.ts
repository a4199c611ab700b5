import { describe, expect, it } from "vitest";
import { dietKosher } from "./diet-kosher";

const clock = { today: "2026-11-26", graceDays: 14 };

describe("dietKosher (our kashrut as OpenStreetMap's diet:kosher)", () => {
  it("is only with a current certificate, including within the renewal grace period", () => {
    expect(dietKosher("rabanut", { body: "rabbinate_tel_aviv", validUntil: "2026-12-31" }, clock)).toBe("only");
    expect(dietKosher("rabanut", { body: "rabbinate_tel_aviv", validUntil: "2026-11-20" }, clock)).toBe("only");
    // A current certificate outweighs a kashrut nobody filled in.
    expect(dietKosher("unknown", { body: "badatz_beit_yosef", validUntil: "2027-01-01" }, clock)).toBe("only");
  });

  it("is yes with an expired certificate, whatever the kashrut says", () => {
    expect(
      dietKosher("mehadrin", { body: "rabbinate_tel_aviv", level: "mehadrin", validUntil: "2026-10-01" }, clock),
    ).toBe("yes");
    expect(dietKosher("tzohar", { body: "tzohar", validUntil: "2026-11-11" }, { today: "2026-11-26" })).toBe("yes");
  });

  it("is yes for kashrut unknown or no supervising body", () => {
    expect(dietKosher("unknown", undefined, clock)).toBe("yes");
    expect(dietKosher("rabanut", { body: "none" }, clock)).toBe("yes");
  });

  it("is only for a supervised kashrut with no certificate date given", () => {
    expect(dietKosher("rabanut", undefined, clock)).toBe("only");
    expect(dietKosher("tzohar", { body: "tzohar" }, clock)).toBe("only");
  });
});
