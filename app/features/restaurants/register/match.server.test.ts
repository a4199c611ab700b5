import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildMatchFixture,
  entryOf,
  readSnapshot,
  snapshotEntries,
  snapshotListings,
} from "../../../../tests/fixtures/register/match-fixture";
import { matchEntries } from "./match.server";
import { addressKey, allNameKeys, hebrewSkeleton, nameKeys, phoneKey } from "./match-text";
import type { EntryMatch, ListingForMatch } from "./types";

const listing = (id: string, facts: Partial<ListingForMatch>): ListingForMatch => ({
  id,
  nameEn: "",
  nameHe: "",
  address: "",
  addressHe: "",
  phone: "",
  certificateBody: "rabbinate_tel_aviv",
  ...facts,
});

function counts(matches: readonly EntryMatch[]) {
  const by = { exact: 0, probable: 0, review: 0, new: 0 };
  for (const match of matches) by[match.grade]++;
  return by;
}

describe("the matcher's keys", () => {
  it("read a Hebrew word without its inner vowel letters and doubled letters", () => {
    expect(hebrewSkeleton("שינקין")).toBe(hebrewSkeleton("שנקין"));
    expect(hebrewSkeleton("וויז")).toBe(hebrewSkeleton("וייז"));
    // A leading ו is a consonant: ויצמן is not יצמן.
    expect(hebrewSkeleton("ויצמן")).not.toBe(hebrewSkeleton("יצמן"));
    expect(hebrewSkeleton("pizza")).toBe("pizza");
  });

  it("take a name's noise and branch note away", () => {
    const plain = nameKeys("חומוס כספי").whole;
    expect(nameKeys('חומוס כספי בע"מ').whole).toEqual(plain);
    expect(nameKeys("מסעדת חומוס כספי הכשר").whole).toEqual(plain);
    expect(nameKeys("חומוס כספי סניף ראול ולנברג").whole).toEqual(plain);
    expect(nameKeys("חומוס כספי בן יהודה", addressKey("בן יהודה 145").streetWords).whole).toContain(plain[0]);
    expect(nameKeys('טחן (מקבוצת עזאי בע"מ)').whole).toEqual(nameKeys("טחן (א.ד.מ)").whole);
  });

  it("keep a name's scripts, parts and parenthesised note apart", () => {
    const justBeef = allNameKeys(nameKeys("(ג'אסט ביף) Just BeeF"));
    expect(justBeef).toContain(nameKeys("Just Beef").whole[0]);
    expect(justBeef).toContain(nameKeys("ג׳אסט ביף").whole[0]);
    const akoi = allNameKeys(nameKeys("אקוי מטבח יפני Akoi Japanese kitchen"));
    expect(akoi).toContain(nameKeys("Akoi Japanese Kitchen").whole[0]);
    expect(akoi).toContain(nameKeys("אקוי מטבח יפני").whole[0]);
    expect(allNameKeys(nameKeys("jara ג'ערה / ניו מקסיקו"))).toContain(nameKeys("ניו מקסיקו").whole[0]);
    expect(allNameKeys(nameKeys("zotapizza/momenti"))).toContain(nameKeys("Momenti").whole[0]);
    // "zota pizza" and "zotapizza" are one key.
    expect(nameKeys("Zota Pizza").whole).toEqual(nameKeys("zotapizza").whole);
  });

  it("read street and number under one spelling, in Hebrew or English, without city or floor", () => {
    const dizengoff = addressKey("דיזנגוף 50");
    expect(dizengoff).toMatchObject({ number: "50" });
    expect(addressKey("דיזינגוף 50, תל אביב-יפו")).toMatchObject({ street: dizengoff.street, number: "50" });
    expect(addressKey("50 Dizengoff St, Tel Aviv")).toMatchObject({ street: dizengoff.street, number: "50" });
    expect(addressKey("רח' דיזנגוף 50 קומה 3")).toMatchObject({ street: dizengoff.street, number: "50" });
    expect(addressKey("שד' יהודית 7").street).toBe(addressKey("שדרות יהודית 7").street);
    expect(addressKey("Rothschild Blvd 12").street).toBe(addressKey("שדרות רוטשילד 12").street);
    expect(addressKey("King George St 20").street).toBe(addressKey("המלך ג'ורג' 20").street);
    expect(addressKey("5 Yarkon St").street).toBe(addressKey("הירקון 5").street);
    expect(addressKey("5 Ha-Yarkon Street, Tel Aviv-Yafo, 6343202").street).toBe(addressKey("הירקון 5").street);
    expect(addressKey("כרמל 7").street).toBe(addressKey("הכרמל 7").street);
    expect(addressKey("דרך בן צבי 76").street).toBe(addressKey("בן צבי 76").street);
    expect(addressKey("הרצל 12א").number).toBe("12");
    expect(addressKey("יגאל אלון 94-96").number).toBe("94");
    // A mall without a number, and its floor left out.
    expect(addressKey("קניון עזריאלי קומה 2")).toEqual(addressKey("קניון עזריאלי"));
    expect(addressKey("קניון עזריאלי").number).toBe("");
    expect(addressKey("").street).toBe("");
  });

  it("read a phone as dialled in Israel", () => {
    expect(phoneKey("+972-3-555-0101")).toBe("035550101");
    expect(phoneKey("03-5550101")).toBe("035550101");
    expect(phoneKey("972 54 123 4567")).toBe("0541234567");
    expect(phoneKey("555")).toBe("");
  });
});

describe("matchEntries", () => {
  it("answers one match per entry, in order, and new with nothing to match", () => {
    const entries = [entryOf(0, "זית וגחלים", "דיזנגוף 12"), entryOf(1, "", "")];
    expect(matchEntries(entries, [])).toEqual([
      { position: 0, restaurantId: null, grade: "new", reasons: [] },
      { position: 1, restaurantId: null, grade: "new", reasons: [] },
    ]);
    expect(matchEntries([], [listing("a", { nameHe: "זית" })])).toEqual([]);
  });

  it("pairs a Hebrew register row with an English-only listing by its street's English name", () => {
    const olive = listing("olive", {
      nameEn: "Olive & Ember",
      nameHe: "זית וגחלים",
      address: "12 Dizengoff St, Tel Aviv",
    });
    const [match] = matchEntries([entryOf(0, 'זית וגחלים בע"מ', "דיזינגוף 12")], [olive]);
    expect(match).toEqual({
      position: 0,
      restaurantId: "olive",
      grade: "exact",
      reasons: ["name", "street", "number"],
    });
  });

  it("hears an English-only name in the register's Hebrew, at the same address only", () => {
    const caspi = listing("caspi", { nameEn: "Hummus Caspi", address: "145 Ben Yehuda St, Tel Aviv" });
    const [same, elsewhere] = matchEntries(
      [entryOf(0, "חומוס כספי", "בן יהודה 145"), entryOf(1, "חומוס כספי", "הרצל 3")],
      [caspi],
    );
    expect(same).toEqual({
      position: 0,
      restaurantId: "caspi",
      grade: "probable",
      reasons: ["nameSimilar", "street", "number"],
    });
    expect(elsewhere).toMatchObject({ grade: "new", restaurantId: null });
    // A name translated, not transliterated, sounds nothing alike: the address alone is for review.
    const olive = listing("olive", { nameEn: "Olive & Ember", address: "12 Dizengoff St" });
    expect(matchEntries([entryOf(0, "זית וגחלים", "דיזנגוף 12")], [olive])[0]).toMatchObject({
      grade: "review",
      reasons: ["street", "number", "otherName"],
    });
  });

  it("never pairs on a shared address alone, and pairs there when the name agrees", () => {
    const mall = [
      listing("pizza", { nameHe: "פיצה שמש", addressHe: "קניון עזריאלי" }),
      listing("burger", { nameHe: "בורגר ירח", addressHe: "קניון עזריאלי קומה 1" }),
    ];
    const matches = matchEntries(
      [entryOf(0, "סושי כוכב", "קניון עזריאלי קומה 2"), entryOf(1, "בורגר ירח", "קניון עזריאלי")],
      mall,
    );
    expect(matches[0]).toMatchObject({ grade: "new", restaurantId: null });
    expect(matches[1]).toMatchObject({ grade: "exact", restaurantId: "burger" });
    expect(matches[1]?.reasons).toContain("sharedAddress");
    // A tower with numbers: two listings at one address, a third business's entry pairs with neither.
    const tower = [
      listing("a", { nameHe: "קפה אלף", addressHe: "מנחם בגין 144" }),
      listing("b", { nameHe: "מסעדת בית", addressHe: "מנחם בגין 144" }),
    ];
    expect(matchEntries([entryOf(0, "גלידה גימל", "מנחם בגין 144")], tower)[0]?.grade).toBe("new");
    // One listing alone at its address: a new name there is for review (renamed, or another business).
    expect(matchEntries([entryOf(0, "גלידה גימל", "מנחם בגין 144")], [tower[0]!])[0]).toMatchObject({
      grade: "review",
      restaurantId: "a",
      reasons: ["street", "number", "otherName"],
    });
  });

  it("gives a listing one sure pairing: a second claimant goes to review", () => {
    const cafe = listing("cafe", { nameHe: "קפה נמל", addressHe: "הירקון 5" });
    const matches = matchEntries([entryOf(0, "קפה נמל", "הירקון 5"), entryOf(1, "קפה נמל", "הירקון 5")], [cafe]);
    expect(matches.map((match) => match.grade)).toEqual(["exact", "review"]);
    expect(matches[1]?.reasons).toContain("claimed");
  });

  it("sends a tie between two listings to review", () => {
    const twins = [
      listing("one", { nameHe: "קפה נמל", addressHe: "הירקון 5" }),
      listing("two", { nameHe: "קפה נמל", addressHe: "הירקון 5" }),
    ];
    const [match] = matchEntries([entryOf(0, "קפה נמל", "הירקון 5")], twins);
    expect(match).toMatchObject({ grade: "review" });
    expect(match?.reasons).toContain("ambiguous");
  });

  it("pairs by phone: with the address probable, alone for review, a chain's name alone never", () => {
    const place = listing("p", { nameHe: "שווארמה הדוד", addressHe: "אלנבי 40", phone: "03-5551234" });
    const [both, alone] = matchEntries(
      [entryOf(0, "שם אחר לגמרי", "אלנבי 40", "+972 3 555 1234"), entryOf(1, "עוד שם", "הרצל 3", "035551234")],
      [place],
    );
    expect(both).toMatchObject({ grade: "probable", restaurantId: "p" });
    expect(alone).toMatchObject({ grade: "review", restaurantId: "p", reasons: ["phone"] });
    const chain = [
      listing("c1", { nameHe: "ארומה", addressHe: "דיזנגוף 7" }),
      listing("c2", { nameHe: "ארומה", addressHe: "אלנבי 9" }),
    ];
    expect(matchEntries([entryOf(0, "ארומה סניף הרצל", "הרצל 3")], chain)[0]?.grade).toBe("new");
  });
});

describe("matchEntries on any text", () => {
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom("קפה נמל", "הירקון 5", "קניון עזריאלי", "03-5551234", "(", "סניף", 'בע"מ', "/", " – ", ""),
  );
  it("answers one match per entry, in order, each listing held surely at most once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text, address: text, phone: text }), { maxLength: 12 }),
        fc.array(fc.record({ nameHe: text, nameEn: text, address: text, addressHe: text, phone: text }), {
          maxLength: 12,
        }),
        (rows, facts) => {
          const listings = facts.map((fact, i) => listing(`l${i}`, fact));
          const matches = matchEntries(
            rows.map((row, i) => entryOf(i, row.name, row.address, row.phone)),
            listings,
          );
          expect(matches.map((match) => match.position)).toEqual(rows.map((_, i) => i));
          const sure = matches.filter((match) => match.grade === "exact" || match.grade === "probable");
          expect(new Set(sure.map((match) => match.restaurantId)).size).toBe(sure.length);
          for (const match of matches) expect(match.grade === "new").toBe(match.restaurantId === null);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the two real snapshots", () => {
  // 2024-06-27's rows matched against 2024-04-10's, read as listings: 666 name-and-address pairs
  // are in both; the rest were renamed, moved, respelled, dropped or added.
  const earlier = readSnapshot("tel-aviv-2024-04-10.csv");
  const later = readSnapshot("tel-aviv-2024-06-27.csv");
  const matches = matchEntries(snapshotEntries(later), snapshotListings(earlier, "earlier"));
  const pairOf = (name: string, address: string) => {
    const position = later.findIndex((row) => row.post_title === name && row.wrap_address === address);
    const match = matches[position];
    const id = match?.restaurantId;
    return {
      grade: match?.grade,
      listing: id ? earlier[Number(id.split("-")[1])] : undefined,
      reasons: match?.reasons,
    };
  };

  it("grades them", () => {
    expect(counts(matches)).toEqual({ exact: 673, probable: 2, review: 6, new: 39 });
    const same = (a: Record<string, string>, b?: Record<string, string>) =>
      a.post_title === b?.post_title && a.wrap_address === b?.wrap_address;
    const kept = later.filter((row, i) => {
      const id = matches[i]?.restaurantId;
      return matches[i]?.grade === "exact" && same(row, id ? earlier[Number(id.split("-")[1])] : undefined);
    });
    expect(kept).toHaveLength(666);
  });

  it("pairs a respelt street, a street's abbreviation, a branch note, a parenthesised note", () => {
    expect(pairOf("לחם ארז", "שינקין 44")).toMatchObject({ grade: "exact", listing: { wrap_address: "שנקין 44" } });
    expect(pairOf("דה פפרס", "שד' יהודית 7")).toMatchObject({
      grade: "exact",
      listing: { wrap_address: "שדרות יהודית 7" },
    });
    expect(pairOf("חומוס כספי בן יהודה", "בן יהודה 145")).toMatchObject({
      grade: "exact",
      listing: { post_title: "חומוס כספי סניף בן יהודה" },
    });
    expect(pairOf('טחן (מקבוצת עזאי בע"מ)', 'אצ"ל 41')).toMatchObject({
      grade: "exact",
      listing: { post_title: "טחן (א.ד.מ)" },
    });
    expect(pairOf("מידל איסט", "יגאל אלון 94")).toMatchObject({
      grade: "exact",
      listing: { post_title: "מוידל אוסט" },
    });
  });

  it("calls a one-letter respelling or a transliteration probable, and a move or a rename for review", () => {
    expect(pairOf("בראסרי 18", "אבא אחימאיר 18")).toMatchObject({
      grade: "probable",
      listing: { post_title: "בראסטרי 18" },
    });
    // The register's Latin name for the place it had listed in Hebrew, at an address several share.
    expect(pairOf("zotapizza/momenti", "דיזינגוף 177")).toMatchObject({
      grade: "probable",
      listing: { post_title: "זותה פיצה" },
    });
    expect(pairOf("איש האתרוגים", "הלל הזקן 18")).toMatchObject({
      grade: "review",
      listing: { wrap_address: "אלנבי 60" },
      reasons: ["name", "otherAddress"],
    });
    expect(pairOf("טאטי", "הברזל 27")).toMatchObject({
      grade: "review",
      listing: { post_title: "ארקפה" },
      reasons: ["street", "number", "otherName"],
    });
  });

  it("keeps businesses that share an address and part of a name apart", () => {
    // Several "… / ITS FRESH" counters at ויצמן 6: each pairs with its own.
    for (const name of ["לובי פסנתר / ITS FRESH", "מיון / ITS FRESH"])
      expect(pairOf(name, "ויצמן 6")).toMatchObject({ grade: "exact", listing: { post_title: name } });
  });
});

describe("the register-shaped fixture", () => {
  const fixture = buildMatchFixture();
  const matches = matchEntries(fixture.entries, fixture.listings);

  it("has over a thousand rows, real and synthetic", () => {
    expect(fixture.entries.length).toBeGreaterThanOrEqual(1_000);
    expect(fixture.expected.length).toBeGreaterThanOrEqual(300);
  });

  it("grades every synthetic case as expected: renamed, moved, bilingual, branch, shared address, phone", () => {
    const wrong = fixture.expected.filter((expected) => {
      const match = matches[expected.position];
      return (
        match?.grade !== expected.grade ||
        match.restaurantId !== expected.restaurantId ||
        (expected.reason !== undefined && !match.reasons.includes(expected.reason))
      );
    });
    expect(wrong.map((expected) => ({ ...expected, got: matches[expected.position] }))).toEqual([]);
  });

  it("finds far more than exact name-and-address matching alone", () => {
    const synthetic = fixture.expected.filter((expected) => expected.restaurantId !== null);
    const naive = synthetic.filter((expected) => {
      const entry = fixture.entries[expected.position];
      const paired = fixture.listings.find((one) => one.id === expected.restaurantId);
      return entry?.name === paired?.nameHe && entry?.address === paired?.addressHe.replace(/, תל אביב$/, "");
    });
    const found = synthetic.filter((expected) => matches[expected.position]?.grade !== "new");
    expect(found.length).toBe(synthetic.length);
    expect(naive.length).toBeLessThan(synthetic.length / 3);
  });

  it("leaves the real rows' grades as they are among thousands more listings", () => {
    const real = matches.slice(0, fixture.realEntries);
    expect(counts(real)).toEqual({ exact: 673, probable: 2, review: 6, new: 39 });
  });
});
