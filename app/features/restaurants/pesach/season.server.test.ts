import { describe, expect, it } from "vitest";
import { pesachAround, pesachSeasonAt } from "./season.server";

// Tel Aviv is UTC+2 in winter and UTC+3 from late March (IDT): these instants are local times there.
const at = (iso: string) => new Date(iso);
const PESACH_2027 = { year: "2027", firstDay: "2027-04-22", lastDay: "2027-04-28" };

describe("the Pesach season (Tel Aviv, hebcal)", () => {
  it("knows Pesach 2027: 15–21 Nisan 5787 = 22–28 April 2027, seven days in Israel", () => {
    expect(pesachAround(at("2027-01-10T12:00:00+02:00"))).toEqual(PESACH_2027);
  });

  it("begins 30 days before the first day, at midnight in Tel Aviv", () => {
    expect(pesachSeasonAt(at("2027-03-22T23:59:00+02:00"))).toBeNull();
    expect(pesachSeasonAt(at("2027-03-23T00:00:00+02:00"))).toEqual(PESACH_2027);
    // Just after midnight Tel Aviv time is still the 22nd in UTC: the day is Tel Aviv's.
    expect(pesachSeasonAt(at("2027-03-22T22:30:00Z"))).toEqual(PESACH_2027);
  });

  it("holds during Pesach, erev Pesach and Chol HaMoed included", () => {
    expect(pesachSeasonAt(at("2027-04-21T18:00:00+03:00"))).toEqual(PESACH_2027);
    expect(pesachSeasonAt(at("2027-04-25T12:00:00+03:00"))).toEqual(PESACH_2027);
  });

  it("ends with the last day (28 April 2027) and looks to the next Pesach after it", () => {
    expect(pesachSeasonAt(at("2027-04-28T23:59:00+03:00"))).toEqual(PESACH_2027);
    expect(pesachSeasonAt(at("2027-04-29T00:00:00+03:00"))).toBeNull();
    // Pesach 2028: 15 Nisan 5788 = 11 April 2028.
    expect(pesachAround(at("2027-04-29T00:00:00+03:00"))).toEqual({
      year: "2028",
      firstDay: "2028-04-11",
      lastDay: "2028-04-17",
    });
  });

  it("crosses the Hebrew new year without a jump: before and after Rosh Hashana 5788 it is Pesach 2028", () => {
    // Rosh Hashana 5788 is on 2 October 2027.
    expect(pesachAround(at("2027-09-30T12:00:00+03:00")).year).toBe("2028");
    expect(pesachAround(at("2027-10-03T12:00:00+03:00")).year).toBe("2028");
    expect(pesachSeasonAt(at("2027-10-03T12:00:00+03:00"))).toBeNull();
  });

  it("is the same whatever the machine's time zone (the day is Tel Aviv's)", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "America/Los_Angeles";
      expect(pesachSeasonAt(at("2027-03-23T00:30:00+02:00"))).toEqual(PESACH_2027);
      expect(pesachAround(at("2027-01-10T12:00:00+02:00"))).toEqual(PESACH_2027);
    } finally {
      process.env.TZ = before;
    }
  });
});
