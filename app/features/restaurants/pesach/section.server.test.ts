import { describe, expect, it } from "vitest";
import { pesachSectionOf } from "./section.server";

const SEASON = { year: "2027", firstDay: "2027-04-22", lastDay: "2027-04-28" };
const KOSHER = {
  "2027": {
    status: "kosher" as const,
    kitniyot: false,
    certificate: { body: "tzohar" as const, level: "mehadrin" as const, validUntil: "2027-04-29" },
    cholHamoed: [
      { from: "10:00", to: "15:00" },
      { from: "18:00", to: "23:00" },
    ],
  },
};

describe("the restaurant page's Pesach section, written on the server", () => {
  it("says the year, the days, the status, kitniyot, the certificate and Chol HaMoed's hours, in English", () => {
    expect(pesachSectionOf(KOSHER, SEASON, "en")).toEqual({
      title: "Pesach 2027",
      days: "April 22, 2027 – April 28, 2027",
      status: "Open and kosher for Pesach",
      lines: ["No kitniyot", "Under the supervision of Tzohar · Mehadrin · Valid until April 29, 2027"],
      cholHamoed: { label: "Chol HaMoed (April 23, 2027 – April 27, 2027)", ranges: ["10:00–15:00", "18:00–23:00"] },
    });
  });

  it("in Hebrew, with the Hebrew words and dates", () => {
    const text = pesachSectionOf(KOSHER, SEASON, "he")!;
    expect(text.status).toBe("פתוח וכשר לפסח");
    expect(text.title).toContain("2027");
    expect(text.days).toContain("באפריל");
    expect(text.cholHamoed?.ranges).toEqual(["10:00–15:00", "18:00–23:00"]);
  });

  it("says only that a closed place is closed, and nothing out of season or for another year", () => {
    expect(
      pesachSectionOf({ "2027": { status: "closed", cholHamoed: [{ from: "10:00", to: "15:00" }] } }, SEASON, "en"),
    ).toMatchObject({
      status: "Closed during Pesach",
      lines: [],
      cholHamoed: null,
    });
    expect(pesachSectionOf(KOSHER, null, "en")).toBeNull();
    expect(pesachSectionOf({ "2028": { status: "closed" } }, SEASON, "en")).toBeNull();
  });
});
