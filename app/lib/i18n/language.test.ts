import { describe, expect, it } from "vitest";
import {
  detectLanguage,
  directionOf,
  localized,
  localizedWithLanguage,
  stripLanguagePrefix,
  switchLanguagePath,
} from "./language";

describe("detectLanguage", () => {
  it.each([
    ["/", "en"],
    ["/he", "he"],
    ["/he/", "he"],
    ["/he/restaurant/abc", "he"],
    ["/en/restaurant/abc", "en"],
    ["/blogs", "en"],
    ["/hebrew-food", "en"],
    ["/help", "en"],
  ] as const)("%s is %s", (path, language) => {
    expect(detectLanguage(path)).toBe(language);
  });

  it("gives Hebrew a right-to-left direction and English left-to-right", () => {
    expect(directionOf("he")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
  });
});

describe("switchLanguagePath", () => {
  it("maps the English home to /he and back to /", () => {
    expect(switchLanguagePath("/", "he")).toBe("/he");
    expect(switchLanguagePath("/he", "en")).toBe("/");
    expect(switchLanguagePath("/he/", "en")).toBe("/");
  });

  it("strips an existing prefix before adding the new one", () => {
    expect(switchLanguagePath("/en/restaurant/cafe-x", "he")).toBe("/he/restaurant/cafe-x");
    expect(switchLanguagePath("/he/restaurant/cafe-x", "en")).toBe("/en/restaurant/cafe-x");
    expect(switchLanguagePath("/he/login", "en")).toBe("/login");
    expect(switchLanguagePath("/login", "he")).toBe("/he/login");
    expect(switchLanguagePath("/en/accessibility", "he")).toBe("/he/accessibility");
  });

  it("is stable when the page is already in the target language", () => {
    expect(switchLanguagePath("/he/signup", "he")).toBe("/he/signup");
    expect(switchLanguagePath("/signup", "en")).toBe("/signup");
  });

  it("does not treat a word that starts with he or en as a prefix", () => {
    expect(stripLanguagePrefix("/hello")).toBe("/hello");
    expect(stripLanguagePrefix("/engine")).toBe("/engine");
  });
});

describe("localized", () => {
  it("uses Hebrew in Hebrew mode when present", () => {
    expect(localized({ en: "Cafe", he: "קפה" }, "he")).toBe("קפה");
  });
  it("falls back to English when the Hebrew part is missing or blank", () => {
    expect(localized({ en: "Cafe" }, "he")).toBe("Cafe");
    expect(localized({ en: "Cafe", he: "  " }, "he")).toBe("Cafe");
  });
  it("uses English in English mode even when Hebrew exists", () => {
    expect(localized({ en: "Cafe", he: "קפה" }, "en")).toBe("Cafe");
  });
});

describe("localizedWithLanguage", () => {
  it("says when a Hebrew page falls back to the English, so the page can mark and isolate it", () => {
    expect(localizedWithLanguage({ en: "12 Dizengoff St", he: "דיזנגוף 12" }, "he")).toEqual({
      text: "דיזנגוף 12",
      lang: "he",
    });
    expect(localizedWithLanguage({ en: "12 Dizengoff St" }, "he")).toEqual({ text: "12 Dizengoff St", lang: "en" });
    expect(localizedWithLanguage({ en: "12 Dizengoff St", he: " " }, "he")).toEqual({
      text: "12 Dizengoff St",
      lang: "en",
    });
    expect(localizedWithLanguage({ en: "12 Dizengoff St", he: "דיזנגוף 12" }, "en")).toEqual({
      text: "12 Dizengoff St",
      lang: "en",
    });
  });
});
