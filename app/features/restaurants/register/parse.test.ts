import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../lib/errors";
import { translator } from "../../../lib/i18n/messages";
import { parseRegisterFile, REGISTER_FILE_MAX_BYTES } from "./parse.server";
import type { ParsedRegister } from "./types";

const FIXTURES = path.resolve(__dirname, "../../../../tests/fixtures/register");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const read = (name: string) => parseRegisterFile(path.basename(name), fixture(name));

/** The AppError a file is refused with (the test fails if it is read). */
function refusal(fileName: string, data: Buffer | string): AppError {
  try {
    parseRegisterFile(fileName, typeof data === "string" ? Buffer.from(data, "utf8") : data);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`${fileName} was read, not refused`);
}

const SCRAPER_HEADER = "kosher_date,href,post_title,business_type,wrap_address,wrap_congregation,wrap_phone";
const scraperCsv = (...rows: string[]) => [SCRAPER_HEADER, ...rows].join("\n") + "\n";
const names = (parsed: ParsedRegister) => parsed.entries.map((entry) => entry.name);

describe("the scraper's CSV", () => {
  it("reads the real snapshots: 720 rows, the city's one date in Tel Aviv, no level, kind and eatery from the type", () => {
    const parsed = read("tel-aviv-2024-06-27.csv");
    expect(parsed).toMatchObject({ shape: "scraperCsv", list: "register", body: "rabbinate_tel_aviv" });
    expect(parsed.publishedOn).toBe("2024-06-27");
    expect(parsed.entries).toHaveLength(720);
    expect(new Set(parsed.entries.map((entry) => entry.validUntil))).toEqual(new Set(["2024-10-02"]));
    expect(parsed.entries[1]).toEqual({
      position: 1,
      name: "100 GRAM",
      businessType: "מזנון חלבי",
      address: "הברזל 32",
      city: "תל אביב-יפו",
      phone: "",
      validUntil: "2024-10-02",
      level: null,
      kind: "dairy",
      eatery: true,
      raw: {
        kosher_date: "1727827200",
        href: "https://rabanut.co.il/business/100-gram/",
        post_title: "100 GRAM",
        business_type: "מזנון חלבי",
        wrap_address: "הברזל 32",
        wrap_congregation: "",
        wrap_phone: "",
      },
    });
    expect(parsed.entries.map((entry) => entry.position)).toEqual([...parsed.entries.keys()]);
    expect(read("tel-aviv-2024-04-10.csv").entries[0]?.validUntil).toBe("2024-04-21");
  });

  it("reads a BOM, CRLF line ends, quoted cells and blank rows, and takes no date from a name without one", () => {
    const text = `\uFEFF${SCRAPER_HEADER}\r\n1727827200,,"אצ""ל בר, סניף 2",בר אקטיבי,"אצ""ל 2",,\r\n\r\n1727827200,,פוני,בית קפה,העליה 24,,03-5551234\r\n`;
    const parsed = parseRegisterFile("register.csv", Buffer.from(text));
    expect(parsed.publishedOn).toBeNull();
    expect(parsed.entries.map((entry) => [entry.name, entry.address, entry.phone])).toEqual([
      ['אצ"ל בר, סניף 2', 'אצ"ל 2', ""],
      ["פוני", "העליה 24", "03-5551234"],
    ]);
    expect(parsed.entries.map((entry) => entry.position)).toEqual([0, 1]);
  });

  it("reads two runs of the scraper joined into one file (the header repeated), and a header in capitals", () => {
    const joined = scraperCsv(
      "1727827200,,פוני,בית קפה,העליה 24,,",
      SCRAPER_HEADER,
      "1727827200,,פופה,מסעדה בשרית,יהודה הלוי 46,,",
    );
    expect(names(parseRegisterFile("joined.csv", Buffer.from(joined)))).toEqual(["פוני", "פופה"]);
    const capitals = `${SCRAPER_HEADER.toUpperCase()}\n1727827200,,פוני,בית קפה,העליה 24,,\n`;
    expect(parseRegisterFile("caps.csv", Buffer.from(capitals)).entries[0]).toMatchObject({
      name: "פוני",
      address: "העליה 24",
    });
  });

  it("reads an empty kosher_date as no date, and a date written as a day", () => {
    const parsed = parseRegisterFile(
      "r.csv",
      Buffer.from(scraperCsv(",,פוני,בית קפה,העליה 24,,", "2024-10-02,,פופה,,,,")),
    );
    expect(parsed.entries.map((entry) => entry.validUntil)).toEqual([null, "2024-10-02"]);
  });
});

describe("the register's page saved from a browser", () => {
  it("reads one page's cards: fields without their labels, entities decoded, the page's own date", () => {
    const parsed = read("saved-page-1.html");
    expect(parsed).toMatchObject({ shape: "savedHtml", list: "register", publishedOn: "2024-06-27" });
    expect(parsed.entries).toHaveLength(12);
    expect(parsed.entries[0]).toMatchObject({
      name: "(ג'אסט ביף) Just BeeF",
      businessType: "מסעדה בשרית",
      address: "קניון עזריאלי קומה 2",
      validUntil: "2024-10-02",
      kind: "meat",
      eatery: true,
    });
    expect(parsed.entries[1]).toMatchObject({ name: "100 GRAM", phone: "03-5466772", address: "הברזל 32" });
    expect(parsed.entries[4]?.phone).toBe("+972-3-6041234");
    expect(parsed.entries[7]).toMatchObject({ name: "carrefour מגדלי דוד", eatery: false, kind: null });
    expect(parsed.entries[1]?.raw).toMatchObject({
      kosher_date: "1727827200",
      href: "https://rabanut.co.il/business/100-gram/",
    });
  });

  it("reads the same businesses as the scraper's CSV of the same day", () => {
    const csv = read("tel-aviv-2024-06-27.csv").entries.slice(0, 12);
    const page = read("saved-page-1.html").entries;
    const facts = (entry: ParsedRegister["entries"][number]) => [
      entry.name,
      entry.businessType,
      entry.address,
      entry.validUntil,
    ];
    expect(page.map(facts)).toEqual(csv.map(facts));
  });

  it("reads several pages in one file in order, a card saved twice once", () => {
    const parsed = read("saved-pages-1-2.html");
    const csv = read("tel-aviv-2024-06-27.csv");
    expect(names(parsed)).toEqual(names(csv).slice(0, 24));
    expect(parsed.entries.map((entry) => entry.position)).toEqual([...Array(24).keys()]);
  });

  it("reads one page holding several lists", () => {
    const parsed = read("saved-page-two-lists.html");
    expect(names(parsed)).toEqual(names(read("tel-aviv-2024-06-27.csv")).slice(24, 35));
  });

  it("takes a script's text for no card, and a link to the revoked list for no revoked list", () => {
    const html = fixture("saved-page-1.html").toString("utf8");
    expect(html).toContain(`<script>var kosher_items = '<div class="kosher_item"></div>'`);
    expect(html).toContain("תעודות שבוטלו");
    expect(read("saved-page-1.html").list).toBe("register");
  });

  it("reads a card whose date is an Israeli day, and one with no date as no date", () => {
    const card = (date: string, name: string) =>
      `<div class="kosher_item" ${date}><h3 class="post_title">${name}</h3><div class="wrap_address">הרצל 1</div></div>`;
    const parsed = parseRegisterFile(
      "page.html",
      Buffer.from(
        `<html><body>${card('data-kosher_date="02/10/2024"', "א")}${card('data-kosher_date=""', "ב")}</body></html>`,
      ),
    );
    expect(parsed.entries.map((entry) => entry.validUntil)).toEqual(["2024-10-02", null]);
  });
});

describe("the national portal's JSON", () => {
  it("reads Tel Aviv-Yafo's records only, with the current certificate's level, kind and last day", () => {
    const parsed = read("portal.json");
    expect(parsed).toMatchObject({ shape: "portalJson", list: "register", publishedOn: null });
    expect(
      parsed.entries.map((entry) => [entry.name, entry.validUntil, entry.level, entry.kind, entry.eatery]),
    ).toEqual([
      ["פופה", "2024-10-02", "regular", "meat", true],
      ["פוני", "2024-10-02", "mehadrin", "dairy", true],
      ["מאפיית אבולעפיה", "2024-10-02", "regular", "parve", false],
      ["פונדק הרצל", "2024-10-02", "mehadrin", null, true],
      ["מפעל הטחינה הגדול", "2024-10-02", "mehadrin", "parve", false],
    ]);
    expect(parsed.entries[0]).toMatchObject({
      address: "יהודה הלוי 46",
      city: "תל אביב - יפו",
      businessType: "מסעדה",
      phone: "03-5101234",
    });
    expect(parsed.entries[0]?.raw).toMatchObject({
      SiteId: "40112",
      KosherLevel: "כשרות רגילה",
      ValidTo: "2024-10-02T00:00:00",
    });
  });

  it("reads a top-level array of records too", () => {
    const record = {
      SiteName: "פוני",
      SiteAddress: "העליה 24",
      CityName: "תל אביב-יפו",
      lstKosherCertificateIssued: [
        { KosherLevel: { Name: "מהדרין" }, KosherType: { Name: "חלבי" }, ValidTo: "2025-04-11" },
      ],
    };
    const parsed = parseRegisterFile("portal.json", Buffer.from(JSON.stringify([record])));
    expect(parsed.entries[0]).toMatchObject({
      name: "פוני",
      level: "mehadrin",
      kind: "dairy",
      validUntil: "2025-04-11",
    });
  });
});

describe("the list of revoked certificates", () => {
  it("reads the saved page's table of name and address, and the day it was stated on", () => {
    const parsed = read("revoked.html");
    expect(parsed).toMatchObject({ shape: "revokedList", list: "revoked", publishedOn: "2024-05-15" });
    expect(parsed.entries.map((entry) => [entry.name, entry.address, entry.validUntil, entry.eatery])).toEqual([
      ["בורגר סטיישן", "דיזנגוף 99", null, false],
      ['קפה "השדרה"', "שד' רוטשילד 12", null, false],
      ["Pizza Roma פיצה רומא", "אבן גבירול 30", null, false],
      ["שווארמה הכיכר", "כיכר רבין 3", null, false],
    ]);
    expect(parsed.entries[0]?.raw).toEqual({
      "שם העסק": "בורגר סטיישן",
      כתובת: "דיזנגוף 99",
      "תאריך ביטול": "02/05/2024",
    });
  });

  it("reads a CSV of name and address (English or Hebrew header)", () => {
    const parsed = read("revoked.csv");
    expect(parsed).toMatchObject({ shape: "revokedList", list: "revoked" });
    expect(parsed.entries.map((entry) => [entry.name, entry.address])).toEqual([
      ["בורגר סטיישן", "דיזנגוף 99"],
      ['קפה "השדרה"', "שד' רוטשילד 12"],
      ["Pizza Roma פיצה רומא", "אבן גבירול 30"],
    ]);
    const hebrew = parseRegisterFile(
      "ביטולים-2024-05-15.csv",
      Buffer.from("שם העסק,כתובת,תאריך ביטול\nבורגר סטיישן,דיזנגוף 99,02/05/2024\n"),
    );
    expect(hebrew).toMatchObject({ list: "revoked", publishedOn: "2024-05-15" });
    expect(hebrew.entries[0]?.raw).toEqual({
      "שם העסק": "בורגר סטיישן",
      כתובת: "דיזנגוף 99",
      "תאריך ביטול": "02/05/2024",
    });
  });

  it("reads a revoked page of undated cards as the revoked list, but dated cards as the register whatever the title", () => {
    const cards = (date: string) =>
      `<div class="kosher_item"${date}><h3 class="post_title">בורגר סטיישן</h3><div class="wrap_address">דיזנגוף 99</div></div>`;
    const page = (date: string) => `<html><head><title>תעודות שבוטלו</title></head><body>${cards(date)}</body></html>`;
    expect(parseRegisterFile("a.html", Buffer.from(page(""))).list).toBe("revoked");
    expect(parseRegisterFile("b.html", Buffer.from(page(' data-kosher_date="1727827200"'))).list).toBe("register");
  });
});

describe("a file that is refused", () => {
  const t = translator("en");
  const he = translator("he");
  const message = (error: AppError) => t(error.messageKey, error.values);

  it("refuses a file over the limit (50 MB) as too large, before reading it", () => {
    const error = refusal("big.csv", Buffer.alloc(50 * 1024 * 1024, 0x61));
    expect([error.code, error.status, error.messageKey]).toEqual(["tooLarge", 413, "registerFile.tooLarge"]);
    expect(message(error)).toBe(
      "The file is larger than 20 MB, and a register list is far smaller. Check that this is the right file.",
    );
    expect(refusal("limit.csv", Buffer.alloc(REGISTER_FILE_MAX_BYTES + 1, 0x61)).code).toBe("tooLarge");
    expect(refusal("limit.csv", Buffer.alloc(REGISTER_FILE_MAX_BYTES, 0x61)).code).toBe("invalid");
  });

  it.each([
    ["empty.csv", Buffer.alloc(0), "registerFile.empty"],
    ["blank.csv", Buffer.from(" \n\r\n\t"), "registerFile.empty"],
    ["bom-only.csv", Buffer.from([0xef, 0xbb, 0xbf]), "registerFile.empty"],
    ["register.xlsx", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), "registerFile.binary"],
    ["register.pdf", Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"), "registerFile.binary"],
    ["nul.csv", Buffer.from(`${SCRAPER_HEADER}\n1727827200,,a\u0000b,,,,\n`), "registerFile.binary"],
    [
      "utf16.csv",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SCRAPER_HEADER, "utf16le")]),
      "registerFile.encoding",
    ],
    // Hebrew saved by Excel as "CSV (Comma delimited)": Windows-1255, not UTF-8 ("פוני" = F4 E5 F0 E9).
    [
      "windows-1255.csv",
      Buffer.concat([
        Buffer.from(`${SCRAPER_HEADER}\n1727827200,,`),
        Buffer.from([0xf4, 0xe5, 0xf0, 0xe9]),
        Buffer.from(",,,,\n"),
      ]),
      "registerFile.encoding",
    ],
  ])("refuses %s (%s)", (fileName, data, key) => {
    const error = refusal(fileName, data);
    expect([error.code, error.messageKey]).toEqual(["invalid", key]);
  });

  it("refuses a file that is none of the shapes", () => {
    for (const data of [
      fixture("bad/not-a-register.csv"),
      Buffer.from("just some words\nand more"),
      Buffer.from("<html><body><h1>Hello</h1><p>No register here.</p></body></html>"),
      Buffer.from(JSON.stringify({ restaurants: [{ name: "Popa" }] })),
      Buffer.from("42"),
      Buffer.from(`kosher_date,post_title\n1727827200,פוני\n`),
      Buffer.from("post_title,wrap_address\nפוני,העליה 24\n"),
      Buffer.from("name,address,phone\nפוני,העליה 24,03-5551234\n"),
      Buffer.from(`${SCRAPER_HEADER.split(",").reverse().join(",")}\n`),
    ])
      expect(refusal("file", data).messageKey).toBe("registerFile.unknownShape");
  });

  it("refuses a file that lists nobody: a header only, an empty page list, an empty array", () => {
    for (const data of [
      `${SCRAPER_HEADER}\n`,
      "name,address\n",
      "[]",
      '{"Data": [], "x": 1}',
      "<html><head><title>תעודות שבוטלו</title></head><body><table><tr><th>שם העסק</th><th>כתובת</th></tr></table></body></html>",
    ])
      expect(refusal("file", data).messageKey, data).toMatch(/registerFile\.(noEntries|unknownShape)/);
    expect(refusal("file", `${SCRAPER_HEADER}\n`).messageKey).toBe("registerFile.noEntries");
    expect(refusal("file", "[]").messageKey).toBe("registerFile.noEntries");
  });

  it("refuses a page cut off in the middle of a card, naming the card, in both languages", () => {
    const error = refusal("cut-off.html", fixture("bad/cut-off.html"));
    expect([error.messageKey, error.values]).toEqual(["registerFile.truncated", { row: 5 }]);
    expect(message(error)).toBe(
      "The page ends in the middle of card 5: it was not saved completely. Save it from the browser again.",
    );
    expect(he(error.messageKey, error.values)).toBe(
      "הדף נגמר באמצע כרטיס 5: הוא לא נשמר עד הסוף. יש לשמור אותו מהדפדפן שוב.",
    );
  });

  it("refuses a page whose card has no name, or holds another card", () => {
    const nameless = refusal("card-without-name.html", fixture("bad/card-without-name.html"));
    expect(message(nameless)).toBe("Row 3: the business has no name (.post_title).");
    const nested = refusal(
      "nested.html",
      `<div class="kosher_item" data-kosher_date="1727827200"><h3 class="post_title">א</h3>
       <div class="kosher_item" data-kosher_date="1727827200"><h3 class="post_title">ב</h3></div></div>`,
    );
    expect([nested.messageKey, nested.values]).toEqual(["registerFile.brokenHtml", { row: 1 }]);
    const unclosed = refusal(
      "unclosed.html",
      `<section><div class="kosher_item" data-kosher_date="1727827200"><h3 class="post_title">א</h3></section>
       <div class="kosher_item" data-kosher_date="1727827200"><h3 class="post_title">ב</h3></div>`,
    );
    expect([unclosed.messageKey, unclosed.values]).toEqual(["registerFile.brokenHtml", { row: 1 }]);
  });

  it("refuses a page nested hundreds deep quickly, as broken", () => {
    const started = performance.now();
    const error = refusal("deep.html", `<html><body>${"<div><span>".repeat(200_000)}`);
    expect(error.messageKey).toBe("registerFile.brokenPage");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(read("saved-page-1.html").entries).toHaveLength(12);
  });

  it("refuses a formula-like value, naming its row and column, wherever it is in the row", () => {
    const error = refusal("formula.csv", fixture("bad/formula.csv"));
    expect(error.messageKey).toBe("registerFile.formula");
    expect(error.values).toMatchObject({ row: 3, column: "post_title" });
    expect(message(error)).toMatch(
      /^Row 3: the value “\u2068=HYPERLINK\(.*…\u2069” in post_title starts with =, \+, - or @/,
    );
    for (const [cell, column] of [
      ["@SUM(A1:A2)", "post_title"],
      ["+cmd|' /C calc'!A0", "post_title"],
      ["-2+3+cmd|' /C calc'!A0", "post_title"],
      ["\t=1+1", "post_title"],
    ])
      expect(refusal("f.csv", scraperCsv(`1727827200,,"${cell}",,,,`)).values).toMatchObject({ row: 2, column });
    expect(refusal("f.csv", scraperCsv(`1727827200,=evil(),פוני,,,,`)).values).toMatchObject({ column: "href" });
    expect(refusal("f.csv", scraperCsv(`1727827200,,פוני,,=1,,`)).values).toMatchObject({ column: "wrap_address" });
    const page = `<div class="kosher_item" data-kosher_date="1727827200"><h3 class="post_title">@evil</h3></div>`;
    expect(refusal("f.html", page).values).toMatchObject({ row: 1, column: "post_title" });
    const portal = [{ SiteName: "=1+1", SiteAddress: "א 1", CityName: "תל אביב-יפו" }];
    expect(refusal("f.json", JSON.stringify(portal)).values).toMatchObject({ row: 1, column: "SiteName" });
    expect(refusal("f.csv", "name,address\n+evil(),א 1\n").values).toMatchObject({ row: 2, column: "name" });
  });

  it("lets a phone or a dash through: they are not formulas", () => {
    const parsed = parseRegisterFile("r.csv", Buffer.from(scraperCsv("1727827200,,פוני,-,העליה 24,-,+972-3-555-1234")));
    expect(parsed.entries[0]).toMatchObject({ businessType: "-", phone: "+972-3-555-1234" });
  });

  it("refuses a bad date, naming the row and column", () => {
    const error = refusal("bad-date.csv", fixture("bad/bad-date.csv"));
    expect(message(error)).toBe("Row 4: “\u206831/13/2024\u2069” in kosher_date is not a date.");
    expect(he(error.messageKey, error.values)).toBe(
      "שורה 4: הערך „\u206831/13/2024\u2069” בעמודה kosher_date אינו תאריך.",
    );
    for (const date of ["tomorrow", "99999999999999", "1", "2024-02-30", "1800000000000000", "0000000001"])
      expect(refusal("d.csv", scraperCsv(`${date},,פוני,,,,`)).messageKey, date).toBe("registerFile.badDate");
    const page = `<div class="kosher_item" data-kosher_date="soon"><h3 class="post_title">א</h3></div>`;
    expect(refusal("d.html", page).values).toMatchObject({ row: 1, column: "data-kosher_date" });
    const portal = [
      { SiteName: "א", CityName: "תל אביב-יפו", lstKosherCertificateIssued: [{ ValidTo: "31/31/2024" }] },
    ];
    expect(refusal("d.json", JSON.stringify(portal)).values).toMatchObject({ row: 1, column: "ValidTo" });
  });

  it("refuses broken CSV and JSON, a row without a name, an overlong value", () => {
    expect(refusal("q.csv", scraperCsv('1727827200,,"פוני,,,,', "1727827200,,פופה,,,,")).messageKey).toBe(
      "registerFile.brokenCsv",
    );
    const short = refusal("c.csv", scraperCsv("1727827200,,פוני,,,,", "1727827200,,פופה"));
    expect(message(short)).toBe("Row 3 has 3 cells, but the header names 7 columns.");
    expect(refusal("cut-off.json", fixture("bad/cut-off.json")).messageKey).toBe("registerFile.brokenJson");
    expect(message(refusal("n.csv", scraperCsv("1727827200,,  ,,,,")))).toBe(
      "Row 2: the business has no name (post_title).",
    );
    const long = refusal("l.csv", scraperCsv(`1727827200,,${"א".repeat(301)},,,,`));
    expect(message(long)).toBe("Row 2: the value in post_title is longer than 300 characters.");
  });

  it("refuses the portal's file without a Tel Aviv-Yafo record", () => {
    const error = refusal("portal-other-city.json", fixture("bad/portal-other-city.json"));
    expect(message(error)).toBe("The portal's file lists no businesses in Tel Aviv-Yafo.");
  });

  it("refuses a file listing far more businesses than any register", () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `1727827200,,עסק ${i},,,,`);
    expect(refusal("many.csv", scraperCsv(...rows)).messageKey).toBe("registerFile.tooManyRows");
    const card = `<div class="kosher_item" data-kosher_date="1727827200"><h3 class="post_title">עסק</h3></div>`;
    expect(refusal("many.html", `<html><body>${card.repeat(10_001)}</body></html>`).values).toEqual({ max: 10_000 });
    const three = Array.from({ length: 3 }, (_, i) => card.replace("עסק", `עסק ${i}`)).join("");
    expect(parseRegisterFile("three.html", Buffer.from(three)).entries).toHaveLength(3);
  });

  it("has every refusal's message in English and Hebrew", () => {
    const errors = [
      refusal("a", Buffer.alloc(0)),
      refusal("b", fixture("bad/formula.csv")),
      refusal("c", fixture("bad/cut-off.html")),
      refusal("d", fixture("bad/not-a-register.csv")),
    ];
    for (const error of errors) {
      expect(t(error.messageKey, error.values)).not.toContain("registerFile.");
      expect(he(error.messageKey, error.values)).toMatch(/[א-ת]/);
    }
  });
});
