// Every rule of the restaurant form says what is wrong in both languages: before, a
// file address over 2,000 characters, a tag not in the list, a menu image without a name… came
// back with zod's English text, which is no message key, so the page showed an empty message.
import { describe, expect, it } from "vitest";
import { rulesOf } from "../../../lib/form-rules";
import { en } from "../../../locales/en";
import { he } from "../../../locales/he";
import { EMPTY_FORM, parseRestaurantForm, restaurantFormSchema } from "./form-schema";

const valid = { ...EMPTY_FORM, nameEn: "Falafel", address: "1 Dizengoff St", kashrut: "tzohar" };
const image = { url: "/uploads/menu/a.webp", name: "a.webp" };

/** A message the page can show: a key with text in both catalogues. */
function expectShown(message: string | undefined, label: string) {
  expect(message, label).toBeDefined();
  expect((en as Record<string, string>)[message!]?.trim(), `${label}: "${message}" in en.ts`).toBeTruthy();
  expect((he as Record<string, string>)[message!]?.trim(), `${label}: "${message}" in he.ts`).toBeTruthy();
}

describe("restaurant form messages", () => {
  it("every rule of the schema carries a message key with text in English and Hebrew", () => {
    const rules = rulesOf(restaurantFormSchema);
    expect(rules.length).toBeGreaterThan(20);
    for (const rule of rules) expectShown(rule.message, `${rule.path} (${rule.kind})`);
  });

  // Input that breaks one rule each, and the field whose message the form shows.
  const breakers: [string, Record<string, unknown>, string][] = [
    ["name too short", { nameEn: "a" }, "nameEn"],
    ["name too long", { nameEn: "a".repeat(201) }, "nameEn"],
    ["name left out", { nameEn: undefined }, "nameEn"],
    ["name not text", { nameEn: 42 }, "nameEn"],
    ["Hebrew name with NUL", { nameHe: "a\u0000" }, "nameHe"],
    ["address too short", { address: "b" }, "address"],
    ["kosher kind off the list", { kosherKind: "fleishig" }, "kosherKind"],
    ["unknown kashrut (an import naming a value off the list)", { kashrut: "someone" }, "kashrut"],
    ["phone too long", { phoneNumber: "1".repeat(51) }, "phoneNumber"],
    ["hours too long", { openingHours: "h".repeat(1001) }, "openingHours"],
    ["link not http", { wazeLink: "javascript:alert(1)" }, "wazeLink"],
    ["link too long", { bookingLink: `https://x.example/${"a".repeat(2000)}` }, "bookingLink"],
    ["menu link neither link nor file", { menuLink: "ftp://x" }, "menuLink"],
    ["photo not ours", { photo: "../../etc/passwd" }, "photo"],
    ["photo address too long", { photo: `/uploads/photo/${"a".repeat(2000)}.webp` }, "photo"],
    ["certificate address too long", { teuda: `https://x.example/${"a".repeat(2000)}` }, "teuda"],
    ["description too long", { descriptionEn: "d".repeat(5001) }, "descriptionEn"],
    ["unknown tag", { tags: ["toString"] }, "tags"],
    ["too many tags", { tags: Array.from({ length: 40 }, () => "Meat") }, "tags"],
    ["tags not a list", { tags: "Meat" }, "tags"],
    ["too many menu images", { menuImages: Array.from({ length: 11 }, () => image) }, "menuImages"],
    ["menu image without address", { menuImages: [{ ...image, url: "" }] }, "menuImages"],
    [
      "menu image address too long",
      { menuImages: [{ ...image, url: `/uploads/menu/${"a".repeat(2000)}.webp` }] },
      "menuImages",
    ],
    ["menu image without name", { menuImages: [{ ...image, name: "" }] }, "menuImages"],
    ["menu image name too long", { menuImages: [{ ...image, name: "n".repeat(201) }] }, "menuImages"],
    ["menu image size negative", { menuImages: [{ ...image, size: -1 }] }, "menuImages"],
    ["menu image size not whole", { menuImages: [{ ...image, size: 1.5 }] }, "menuImages"],
    ["menu image type too long", { menuImages: [{ ...image, type: "t".repeat(101) }] }, "menuImages"],
    ["latitude not a number", { latitude: "32,08", longitude: "34.77" }, "latitude"],
    ["longitude not a number", { latitude: "32.08", longitude: "east" }, "longitude"],
    ["latitude without longitude", { latitude: "32.08" }, "latitude"],
    ["longitude without latitude", { longitude: "34.77" }, "latitude"],
    ["location in Cyprus", { latitude: "35.1264", longitude: "33.4299" }, "latitude"],
    ["coordinates swapped", { latitude: "34.7741", longitude: "32.0779" }, "latitude"],
    ["closed not yes or no", { isPermanentlyClosed: "true" }, "isPermanentlyClosed"],
  ];

  it.each(breakers)("%s: the field's message is shown in both languages", (_label, change, field) => {
    const result = parseRestaurantForm({ ...valid, ...change });
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : (result.errors as Record<string, string>);
    expectShown(errors[field], field);
    for (const [other, message] of Object.entries(errors)) expectShown(message, other);
  });
});
