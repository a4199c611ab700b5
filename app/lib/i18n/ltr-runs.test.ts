import { describe, expect, it } from "vitest";
import { ltrRuns } from "./ltr-runs";

describe("left-to-right runs in a sentence", () => {
  it("finds a phone number in a Hebrew hint, without the full stop after it", () => {
    expect(ltrRuns("מספר שנוכל להתקשר אליו לבדיקה, כמו 03-555-1234.")).toEqual([
      { text: "מספר שנוכל להתקשר אליו לבדיקה, כמו ", ltr: false },
      { text: "03-555-1234", ltr: true },
      { text: ".", ltr: false },
    ]);
  });
  it("finds a web address and an international number", () => {
    expect(ltrRuns("ראו https://example.org/a?b=1, או +972-3-555-1234")).toEqual([
      { text: "ראו ", ltr: false },
      { text: "https://example.org/a?b=1", ltr: true },
      { text: ", או ", ltr: false },
      { text: "+972-3-555-1234", ltr: true },
    ]);
  });
  it("leaves a sentence with short numbers alone", () => {
    expect(ltrRuns("הזינו את 6 הספרות")).toEqual([{ text: "הזינו את 6 הספרות", ltr: false }]);
  });
});
