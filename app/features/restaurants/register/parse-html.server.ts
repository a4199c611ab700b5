// The register's pages saved from a browser: the list of certified businesses (cards
// div.kosher_item[data-kosher_date] holding .post_title, .business_type, .wrap_address, .wrap_phone),
// one page or several (files concatenated, or one file with several lists), and the list of revoked
// certificates (a page titled so, with a table of name and address, or cards without dates).
// Read with htmlparser2's streaming parser: it takes real-world (messy) HTML as browsers do, needs no
// DOM for a 20 MB page, and tells an element closed by the page from one the parser had to close
// itself (a page cut off in the middle of a card).
import { Parser } from "htmlparser2";
import { cleanText, dayOf, entryOf, field, readDay, refuse, TEL_AVIV_CITY, assertRawRow } from "./parse-fields.server";
import { REGISTER_MAX_ENTRIES } from "./limits";
import type { RegisterEntryRead } from "./types";

const CARD_CLASS = "kosher_item";
const FIELD_CLASSES = ["post_title", "business_type", "wrap_address", "wrap_congregation", "wrap_phone"] as const;
type FieldClass = (typeof FIELD_CLASSES)[number];

interface Card {
  number: number;
  /** The data-kosher_date attribute; undefined when the card has none. */
  date: string | undefined;
  href: string;
  fields: Partial<Record<FieldClass, string>>;
  /** The fields being read now (an element with the field's class is open). */
  reading: Set<FieldClass>;
}

interface Page {
  cards: Card[];
  /** Every table, as rows of cell texts. */
  tables: string[][][];
  /** The text of the pages' titles and main headings. */
  headings: string;
  /** The pages' text outside cards and scripts (the first part of it), where a "updated on" date may be. */
  text: string;
  /** The first card the page breaks: one inside another, or one the file ends in. */
  broken: { card: number; cutOff: boolean } | null;
}

const PAGE_TEXT_MAX = 200_000;
const HEADINGS_MAX = 10_000;
const MAX_CAPTURES = 8;
/**
 * Elements open at once past which a page is refused: a saved page nests a few dozen deep, and the
 * parser's work grows with the depth at every tag (a file of endless unclosed tags would take minutes).
 */
const MAX_DEPTH = 500;

/** Whether a text looks like HTML rather than CSV or JSON. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text) && /<\/?[a-z][\w-]*[\s>/]/i.test(text.slice(0, 4096));
}

function readPage(html: string): Page {
  const page: Page = { cards: [], tables: [], headings: "", text: "", broken: null };
  const stack: ((implied: boolean) => void)[] = [];
  const captures = new Set<string[]>();
  const tables: string[][][] = [];
  let row: string[] | null = null;
  let card: Card | null = null;
  let hidden = 0;
  // Text goes to every capture open, so a page nesting thousands of captured elements would cost
  // the square of its size: past a few open at once (a field in a card in a table cell), no more open.
  const capture = (done: (text: string) => void) => {
    const parts: string[] = [];
    if (captures.size >= MAX_CAPTURES) return () => undefined;
    captures.add(parts);
    return () => {
      captures.delete(parts);
      done(cleanText(parts.join("")));
    };
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (stack.length >= MAX_DEPTH) refuse("registerFile.brokenPage");
        for (const parts of captures) parts.push(" ");
        const closers: (() => void)[] = [];
        const classes = (attribs.class ?? "").split(/\s+/);
        if (name === "script" || name === "style" || name === "noscript" || name === "template") {
          hidden += 1;
          closers.push(() => (hidden -= 1));
        }
        if (classes.includes(CARD_CLASS)) {
          if (card !== null) page.broken ??= { card: card.number, cutOff: false };
          const opened: Card = {
            number: page.cards.length + 1,
            date: attribs["data-kosher_date"],
            href: "",
            fields: {},
            reading: new Set(),
          };
          page.cards.push(opened);
          if (page.cards.length > REGISTER_MAX_ENTRIES)
            refuse("registerFile.tooManyRows", { max: REGISTER_MAX_ENTRIES });
          const outer = card;
          card = opened;
          closers.push(() => (card = outer));
        }
        if (card !== null) {
          const within = card;
          if (name === "a" && within.href === "" && attribs.href) within.href = attribs.href;
          for (const fieldClass of FIELD_CLASSES)
            if (classes.includes(fieldClass) && !within.fields[fieldClass] && !within.reading.has(fieldClass)) {
              within.reading.add(fieldClass);
              const done = capture((text) => (within.fields[fieldClass] ||= text));
              closers.push(() => {
                within.reading.delete(fieldClass);
                done();
              });
            }
        }
        if (name === "table") {
          tables.push([]);
          closers.push(() => page.tables.push(tables.pop() ?? []));
        }
        if (name === "tr") {
          const cells: string[] = [];
          row = cells;
          closers.push(() => {
            tables.at(-1)?.push(cells);
            row = null;
          });
        }
        if ((name === "td" || name === "th") && row !== null) {
          const cells = row;
          closers.push(capture((text) => cells.push(text)));
        }
        if (name === "title" || name === "h1" || name === "h2" || name === "caption")
          closers.push(
            capture((text) => {
              if (page.headings.length < HEADINGS_MAX) page.headings += ` ${text}`;
            }),
          );
        const openedCard = classes.includes(CARD_CLASS) ? card : null;
        stack.push((implied) => {
          if (implied && openedCard !== null) page.broken ??= { card: openedCard.number, cutOff: true };
          for (const close of closers.reverse()) close();
        });
      },
      onclosetag(_name, implied) {
        for (const parts of captures) parts.push(" ");
        stack.pop()?.(implied);
      },
      ontext(text) {
        if (hidden > 0) return;
        for (const parts of captures) parts.push(text);
        if (card === null && page.text.length < PAGE_TEXT_MAX) page.text += text;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return page;
}

/** A card that is not the last one is not cut off by the file's end: something inside it is broken. */
function assertWhole(page: Page): void {
  if (page.broken === null) return;
  const last = page.cards.length;
  if (page.broken.cutOff && page.broken.card === last) refuse("registerFile.truncated", { row: page.broken.card });
  refuse("registerFile.brokenHtml", { row: page.broken.card });
}

const REVOKED_HEADING = /בוטל|ביטול|מבוטל|שלילת|נשלל|revoked|revocation|cancell?ed/i;
const LABEL = /^(?:כתובת|טלפון|טל'?|סוג (?:ה)?עסק|address|phone|tel|type)\s*[:：]\s*/i;

const labelless = (text: string | undefined) => (text ?? "").replace(LABEL, "");

/** The saved page's shape: the register (cards with dates), the revoked list, or none we read. */
export function readHtml(
  html: string,
): { shape: "savedHtml" | "revokedList"; entries: RegisterEntryRead[]; publishedOn: string | null } | null {
  const page = readPage(html);
  assertWhole(page);
  const publishedOn = updatedOn(page.text);
  const dated = page.cards.some((card) => card.date !== undefined);
  if (!dated && REVOKED_HEADING.test(page.headings)) {
    const entries = page.cards.length > 0 ? revokedCards(page.cards) : revokedTable(page.tables);
    return entries === null ? null : { shape: "revokedList", entries, publishedOn };
  }
  if (page.cards.length === 0) return null;
  return { shape: "savedHtml", entries: registerCards(page.cards), publishedOn };
}

function rawOf(card: Card): Record<string, string> {
  return {
    kosher_date: card.date ?? "",
    href: card.href,
    post_title: card.fields.post_title ?? "",
    business_type: labelless(card.fields.business_type),
    wrap_address: labelless(card.fields.wrap_address),
    wrap_congregation: card.fields.wrap_congregation ?? "",
    wrap_phone: labelless(card.fields.wrap_phone),
  };
}

/**
 * The register's cards, in page order. Several pages saved into one file may overlap (the same page
 * saved twice): a card identical to an earlier one, field for field, is read once.
 */
function registerCards(cards: Card[]): RegisterEntryRead[] {
  const seen = new Set<string>();
  const entries: RegisterEntryRead[] = [];
  for (const card of cards) {
    const raw = rawOf(card);
    const key = JSON.stringify(raw);
    if (seen.has(key)) continue;
    seen.add(key);
    const row = card.number;
    assertRawRow(raw, row);
    entries.push(
      entryOf(
        {
          name: field(raw.post_title, { row, column: ".post_title" }),
          businessType: field(raw.business_type, { row, column: ".business_type" }),
          address: field(raw.wrap_address, { row, column: ".wrap_address" }),
          city: TEL_AVIV_CITY,
          phone: field(raw.wrap_phone, { row, column: ".wrap_phone" }),
          validUntil: readDay(raw.kosher_date ?? "", { row, column: "data-kosher_date" }),
          level: null,
          raw,
        },
        entries.length,
        row,
        ".post_title",
      ),
    );
  }
  return entries;
}

function revokedEntry(raw: Record<string, string>, row: number, columns: [string, string, string], position: number) {
  assertRawRow(raw, row);
  const [name, address, type] = columns;
  return entryOf(
    {
      name: field(raw[name], { row, column: name }),
      businessType: field(raw[type], { row, column: type }),
      address: field(raw[address], { row, column: address }),
      city: TEL_AVIV_CITY,
      phone: "",
      validUntil: null,
      level: null,
      kind: null,
      raw,
    },
    position,
    row,
    name,
  );
}

function revokedCards(cards: Card[]): RegisterEntryRead[] {
  const columns: [string, string, string] = ["post_title", "wrap_address", "business_type"];
  return cards.map((card, position) => revokedEntry(rawOf(card), card.number, columns, position));
}

/** The revoked list's table: the first whose first row names a name column and an address column. */
function revokedTable(tables: string[][][]): RegisterEntryRead[] | null {
  for (const table of tables) {
    const [header, ...rows] = table;
    if (!header) continue;
    const find = (pattern: RegExp) => header.find((cell) => pattern.test(cell));
    const name = find(/^(?:שם|name|business)/i);
    const address = find(/^(?:כתובת|address)/i);
    if (name === undefined || address === undefined) continue;
    const type = find(/^(?:סוג|type)/i) ?? "";
    return rows
      .filter((cells) => cells.some((cell) => cell !== ""))
      .map((cells, i) => {
        const raw = Object.fromEntries(header.map((column, c) => [column, cells[c] ?? ""]));
        return revokedEntry(raw, i + 1, [name, address, type], i);
      });
  }
  return null;
}

/** The day a page says it was updated ("עודכן ב־10/04/2024", "נכון לתאריך 10.04.2024", "updated 2024-04-10"). */
function updatedOn(text: string): string | null {
  const found =
    /(?:עודכ[נן]|עדכון|נכון ל|updated|as of)[^\d]{0,24}(\d{1,2}[./]\d{1,2}[./]\d{4}|\d{4}-\d{2}-\d{2})/i.exec(text);
  const day = found?.[1] === undefined ? null : dayOf(found[1]);
  return day !== null && day >= "2000-01-01" && day <= "2100-12-31" ? day : null;
}
