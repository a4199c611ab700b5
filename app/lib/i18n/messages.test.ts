import { describe, expect, it } from "vitest";
import { en } from "../../locales/en";
import { he } from "../../locales/he";
import { BRAND_NAME } from "../../locales/brand";
import { translator } from "./messages";

describe("message catalogues", () => {
  it("name the site as brandName does (the catalogues spell the name out)", () => {
    expect([en["brand.name"], he["brand.name"]]).toEqual([BRAND_NAME.en, BRAND_NAME.he]);
  });

  it("have the same keys in English and Hebrew", () => {
    expect(Object.keys(he).sort()).toEqual(Object.keys(en).sort());
  });

  it("have no empty Hebrew message and no untranslated copy of a long English one", () => {
    for (const [key, value] of Object.entries(he)) {
      expect(value.trim(), key).not.toBe("");
      const english = en[key as keyof typeof en];
      const words = english.replace(/\{\w+\}/g, "").replace(/[^A-Za-z]/g, "");
      if (words.length > 8 && !english.includes("Kosher Tel Aviv")) expect(value, key).not.toBe(english);
    }
  });

  it("keep the spec's texts word for word", () => {
    expect(en["notFound.title"]).toBe("Oops! Page not found");
    expect(en["notFound.home"]).toBe("Return to Home");
    expect(he["restaurant.permanentlyClosed"]).toBe("נסגר לצמיתות");
  });
});

describe("translator", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    const t = translator("en");
    expect(t("nav.welcome", { name: "Dana" })).toBe("Welcome, Dana");
    expect(t("nav.welcome")).toBe("Welcome, {name}");
  });
  it("answers in the chosen language", () => {
    expect(translator("he")("nav.home")).toBe("בית");
  });
});
