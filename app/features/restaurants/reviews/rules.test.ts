// The review form's rules: the kashrut words (whole words, Hebrew prefixes, niqqud, no "scampi"-style
// false hits), the language recognised from the letters, the visit month's bounds, and the text checks
// of the hold signals that need no database (a link, a phone number, a watched word).
import { describe, expect, it } from "vitest";
import { currentMonth, recogniseLanguage } from "./form-facts";
import { speaksOfKashrut } from "./kashrut-words";
import { parseReview } from "./rules";
import { hasLink, hasPhone, watchedWordsIn } from "./signals.server";

const NOW = new Date("2026-11-29T10:00:00Z");

function form(fields: Record<string, string>) {
  return new Map(Object.entries(fields));
}

const good = {
  rating: "4",
  body: "The shakshuka was rich and the service quick.",
  language: "en",
  visitMonth: "2026-10",
};

describe("speaksOfKashrut", () => {
  it.each([
    "Honestly this place is not kosher at all",
    "I doubt it is non-kosher but who knows",
    "They did not show the teuda when I asked",
    "Where is the hechsher? Nobody knew.",
    "The mashgiach was not there",
    "Questions about the kashrut here",
    "המקום לא כשר בעיניי",
    "ראיתי שם אוכל טרף",
    "לא הראו לי את התעודה",
    "ובכשרות שלהם אני לא בטוח",
    "המשגיח לא היה במקום",
    "אין להם הכשר אמיתי",
    "לֹא כָּשֵׁר",
  ])("fires on %s", (text) => expect(speaksOfKashrut(text)).toBe(true));

  it.each([
    "The scampi was great and the fake cheese too",
    "Great kosher sushi, the best in town",
    "Kosher style deli food, generous portions",
    "אוכל כשר וטעים, שירות מצוין",
    "Teudat zehut is what they asked for at the door",
    "The trefoil-shaped cookies were lovely",
    "המלצרית הייתה מקסימה והאוכל מצוין",
  ])("does not fire on %s", (text) => expect(speaksOfKashrut(text)).toBe(false));
});

describe("recogniseLanguage", () => {
  it("reads Hebrew letters as Hebrew and Latin ones as English", () => {
    expect(recogniseLanguage("האוכל היה מצוין")).toBe("he");
    expect(recogniseLanguage("The food was great")).toBe("en");
    expect(recogniseLanguage("הפסטה ב-Pasta Bar הייתה מעולה")).toBe("he");
    expect(recogniseLanguage("12345")).toBe("en");
  });
});

describe("parseReview", () => {
  it("accepts a whole review and reads the boxes", () => {
    const parsed = parseReview(form({ ...good, ateHere: "on" }), NOW);
    expect(parsed).toEqual({
      ok: true,
      values: { rating: 4, body: good.body, language: "en", ateHere: true, visitMonth: "2026-10", notKashrut: false },
    });
  });

  it("names each field's problem", () => {
    const parsed = parseReview(form({ rating: "6", body: "short", language: "fr", visitMonth: "1999-12" }), NOW);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      rating: "reviewWrite.ratingRequired",
      body: "reviewWrite.textTooShort",
      language: "reviewWrite.languageRequired",
      visitMonth: "reviewWrite.monthTooEarly",
    });
  });

  it("refuses a visit month after the current one, and takes the current one", () => {
    expect(currentMonth(NOW)).toBe("2026-11");
    const future = parseReview(form({ ...good, visitMonth: "2026-12" }), NOW);
    expect(future.ok ? null : future.errors.visitMonth).toBe("reviewWrite.monthInFuture");
    expect(parseReview(form({ ...good, visitMonth: "2026-11" }), NOW).ok).toBe(true);
    const bad = parseReview(form({ ...good, visitMonth: "2026-13" }), NOW);
    expect(bad.ok ? null : bad.errors.visitMonth).toBe("reviewWrite.monthInvalid");
  });

  it("refuses a text too long or with a NUL", () => {
    const long = parseReview(form({ ...good, body: "a".repeat(4_001) }), NOW);
    expect(long.ok ? null : long.errors.body).toBe("reviewWrite.textTooLong");
    const nul = parseReview(form({ ...good, body: `${good.body}\u0000` }), NOW);
    expect(nul.ok).toBe(false);
  });
});

describe("the text's signals", () => {
  it("finds links, and not a sentence's full stop", () => {
    expect(hasLink("see https://example.org for more")).toBe(true);
    expect(hasLink("order at www.falafel-king.test")).toBe(true);
    expect(hasLink("falafel.co.il has a menu")).toBe(true);
    expect(hasLink("write to me@mail.com")).toBe(true);
    expect(hasLink("The food was good.The service slow. e.g. the soup")).toBe(false);
  });

  it("finds Israeli and international phone numbers, and not years or prices", () => {
    for (const phone of ["03-555-1234", "054 123 4567", "0541234567", "+972 3 555 1234", "call *6030", "1-800-123-456"])
      expect(hasPhone(`call ${phone} now`), phone).toBe(true);
    for (const text of ["we came in 2023 and 2024", "two for 45.90 shekels", "table 12, 4 people", "rated 10/10"])
      expect(hasPhone(text), text).toBe(false);
  });

  it("finds watched words as whole words, Hebrew ones with prefixes", () => {
    expect(watchedWordsIn("Best deal, use coupon SAVE", ["coupon"])).toEqual(["coupon"]);
    expect(watchedWordsIn("couponless night", ["coupon"])).toEqual([]);
    expect(watchedWordsIn("קיבלנו והנחה גדולה", ["הנחה"])).toEqual(["הנחה"]);
    expect(watchedWordsIn("free meal for a review here", ["free meal"])).toEqual(["free meal"]);
    expect(watchedWordsIn("a free and tasty meal", ["free meal"])).toEqual([]);
  });
});
