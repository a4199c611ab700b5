import { describe, expect, it } from "vitest";
import { isEatery, kindFromText } from "./business-types";

describe("the register's business types", () => {
  it("reads restaurants, cafés, snack bars, hummus and falafel places, pizzerias, bars as places to eat", () => {
    for (const type of [
      "מסעדה בשרית",
      "מסעדה חלבית",
      "מסעדה אסיתית",
      "מסעדת פועלים",
      "בית קפה",
      "מזנון חלבי",
      "מזנון בשרי/חלבי",
      "מזנון קפה",
      "חומוסיה",
      "פלאפל",
      "פיצרייה",
      "פיצריה",
      "גלידרייה",
      "בר אקטיבי",
      "סושי",
      "טבעוני",
      "מסעדה צמחונית",
      "אטליז ובית קפה",
      "Restaurant",
      "Café",
    ])
      expect(isEatery(type), type).toBe(true);
  });

  it("reads factories, caterers, halls, institutions, hotels, shops and chains as not places to eat", () => {
    for (const type of [
      "מפעל",
      "מפעל קוקטיילים",
      "קייטרינג",
      "קיטרינג",
      "אולם אירועים",
      "בית חולים",
      "בית אבות",
      "בית ספר לבישול",
      "בית מלון",
      "איטליז",
      "רשתות שיווק",
      "מרכול",
      "חנות פירות וירקות",
      "חנות מיצים",
      "חנות דגים",
      "קונדטוריה",
      "קונדיטוריה",
      "מאפיה",
      "מעדניה",
      "טחנת קמח",
      "",
      "  ",
    ])
      expect(isEatery(type), type).toBe(false);
  });

  it("reads meat, dairy or parve where the type says exactly one", () => {
    expect(kindFromText("מסעדה בשרית")).toBe("meat");
    expect(kindFromText("מזנון חלבי")).toBe("dairy");
    expect(kindFromText("מזנון פרווה")).toBe("parve");
    expect(kindFromText("מסעדה פרווה")).toBe("parve");
    expect(kindFromText("מזנון בשרי/חלבי")).toBeNull();
    expect(kindFromText("בית קפה")).toBeNull();
  });
});
