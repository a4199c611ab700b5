// The keys register entries and listings are compared by: names without their noise, each script
// and each part of a name apart, streets under one spelling (aliases, abbreviations, the English
// names of Tel Aviv's main streets), the house number and the phone. Built on the shared search
// normaliser (niqqud, quotes, final letters, case), so "ג'אסט" and "גאסט" are one word here too.
import { normalizeForSearch } from "../../../lib/search-text";

const HEBREW_LETTER = /[\u05D0-\u05EA]/;
const LATIN_LETTER = /[a-z]/;
/** Anything but letters and digits separates words ("&", ".", "/", "–", "!"). */
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * A Hebrew word without its inner vowel letters (ו, י) and doubled letters: the register and the
 * listings spell the same name with and without them ("שינקין" / "שנקין", "וויז" / "וייז").
 * The first letter stays (a leading ו or י is a consonant).
 */
export function hebrewSkeleton(word: string): string {
  if (!HEBREW_LETTER.test(word)) return word;
  const rest = word.slice(1).replace(/[וי]/g, "");
  return (word[0] + rest).replace(/(.)\1+/g, "$1");
}

/** The words of a text as the matcher compares them: normalised, punctuation gone, Hebrew as skeletons. */
export function matchWords(text: string): string[] {
  // Plain Latin and Hebrew letters (no niqqud, no accents) need no Unicode decomposition: the same
  // result as the shared normaliser's, several times faster over a hundred thousand listings.
  const normalized = PLAIN.test(text)
    ? text.toLowerCase().replace(QUOTES, "").replace(FINALS, finalForm)
    : normalizeForSearch(text);
  return normalized.replace(NOT_WORD, " ").split(" ").filter(Boolean).map(hebrewSkeleton);
}
const PLAIN = /^[\x20-\x7E\u05D0-\u05EA\u05BE\u05F3\u05F4\u2013\u2014\u2018\u2019\u201C\u201D]*$/;
const QUOTES = /[\u05F3\u05F4'"`\u2018\u2019\u201C\u201D]/g;
const FINALS = /[ךםןףץ]/g;
const FINAL_FORMS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
const finalForm = (letter: string) => FINAL_FORMS[letter] ?? letter;

// Words that say nothing about which business it is (a company suffix, "kosher", "restaurant of").
const NAME_NOISE = new Set(['בע"מ', "הכשר", "הכשרה", "כשר", "מסעדת", "ltd", "kosher"].flatMap(matchWords));
/** A branch note runs from this word to the end of the name ("carrefour סניף דיזינגוף"). */
const BRANCH = matchWords("סניף")[0];
// Between a name's parts: "jara ג'ערה / ניו מקסיקו", "יחיאל אקוקה – בבי", "zotapizza/momenti".
const NAME_PARTS = /\s*(?:\/|\||\s[-–—]\s|[–—])\s*/;
const PARENTHESES = /\(([^)]*)\)?/g;

// The helpers below are plain functions at the top of the file, not closures made on each call:
// they run for every one of up to a hundred thousand listings.
const notNoise = (word: string) => !NAME_NOISE.has(word);
const isHebrew = (word: string) => HEBREW_LETTER.test(word);
const isLatin = (word: string) => LATIN_LETTER.test(word);

/** A name's words without noise, and without the branch note from "סניף" on. */
function nameWords(text: string): string[] {
  const words = matchWords(text);
  const branch = BRANCH === undefined ? -1 : words.indexOf(BRANCH);
  return (branch > 0 ? words.slice(0, branch) : words).filter(notNoise);
}

/** Keys shorter than this say too little to pair on ("מ", a lone digit). */
const MIN_KEY_LENGTH = 2;

/** Adds a name's key (its words run together: "zota pizza" = "zotapizza") unless it is a whole key already. */
function addKey(keys: Set<string>, whole: Set<string>, words: readonly string[]) {
  const key = words.join("");
  if (key.length >= MIN_KEY_LENGTH && !whole.has(key)) keys.add(key);
}

/** Words that are not the street's. */
function withoutStreet(words: readonly string[], streetWords: readonly string[]): string[] {
  const kept: string[] = [];
  for (const word of words) if (!streetWords.includes(word)) kept.push(word);
  return kept;
}

/** A name's keys: the whole name's, and its parts' (each a weaker sign of the same business). */
export interface NameKeys {
  /** The name without notes in parentheses, noise or branch note; and that without its own street's words. */
  whole: string[];
  /** Its parts (around "/" or a dash), its parenthesised notes, its Hebrew words and its Latin words apart. */
  parts: string[];
}

/**
 * Every way a name may be written elsewhere, as keys: the whole name ("חומוס כספי בן יהודה" at
 * בן יהודה 145 also reads "חומוס כספי"), and its parts ("(ג'אסט ביף) Just BeeF": "גאסטבפ", "justbef").
 */
export function nameKeys(name: string, streetWords: readonly string[] = []): NameKeys {
  const whole = new Set<string>();
  const parts = new Set<string>();
  const notes: string[] = [];
  let bare = name;
  if (name.includes("(")) {
    for (const [, note] of name.matchAll(PARENTHESES)) if (note) notes.push(note);
    bare = name.replace(PARENTHESES, " ");
  }
  const bareWords = nameWords(bare);
  addKey(whole, whole, bareWords);
  if (streetWords.length) {
    const shorter = withoutStreet(bareWords, streetWords);
    if (shorter.length) addKey(whole, whole, shorter);
  }
  for (const text of new Set([bare, ...bare.split(NAME_PARTS), ...notes])) {
    const words = text === bare ? bareWords : nameWords(text);
    addKey(parts, whole, words);
    addKey(parts, whole, words.filter(isHebrew));
    addKey(parts, whole, words.filter(isLatin));
    if (streetWords.length) {
      const shorter = withoutStreet(words, streetWords);
      if (shorter.length) addKey(parts, whole, shorter);
    }
  }
  for (const key of whole) parts.delete(key);
  return { whole: [...whole], parts: [...parts] };
}

/** All of a name's keys, whole first. */
export const allNameKeys = (keys: NameKeys): string[] => [...keys.whole, ...keys.parts];

/** How alike two names are, 0 to 1: the closest of their keys, by edit distance; a key inside the other counts high. */
export function nameSimilarity(
  left: readonly string[],
  right: readonly string[],
  distance: (a: string, b: string) => number,
): number {
  let best = 0;
  for (const a of left)
    for (const b of right) {
      if (a === b) return 1;
      const [short, long] = a.length <= b.length ? [a, b] : [b, a];
      // A short key inside a long one ("חומוסכספ" in "חומוסכספבנהדה"): a name with a note.
      if (short.length >= 4 && long.includes(short)) best = Math.max(best, 0.85);
      const similarity = 1 - distance(a, b) / long.length;
      best = Math.max(best, similarity);
    }
  return best;
}

// How a name sounds, as consonants, the same for Hebrew letters and Latin ones, so that a listing
// named in English only ("Hummus Caspi") can be compared with the register's Hebrew ("חומוס כספי").
// Vowels, ה, ח, ע, א and h are left out (they are written so differently), b/v, k/q/c, s/z/ts, p/f
// and g/j each read as one sound.
const HEBREW_SOUNDS: Record<string, string> = {
  ב: "b",
  ג: "g",
  ד: "d",
  ו: "b",
  ז: "s",
  ט: "t",
  כ: "k",
  ל: "l",
  מ: "m",
  נ: "n",
  ס: "s",
  פ: "p",
  צ: "s",
  ק: "k",
  ר: "r",
  ש: "s",
  ת: "t",
};
const LATIN_DIGRAPHS: readonly (readonly [RegExp, string])[] = [
  [/sh|ts|tz|z|x/g, "s"],
  [/ch|kh|h/g, ""],
  [/ph|f/g, "p"],
  [/th/g, "t"],
  [/ck|c|q/g, "k"],
  [/v|w/g, "b"],
  [/j/g, "g"],
  [/[aeiouy]/g, ""],
];

/** A name key's consonants as they sound, doubles folded: "חומוס כספי" and "Hummus Caspi" both read "msksp". */
export function soundKey(key: string): string {
  let sound: string;
  if (isHebrew(key)) {
    sound = "";
    for (const letter of key) sound += HEBREW_SOUNDS[letter] ?? (/\d/.test(letter) ? letter : "");
  } else {
    sound = key;
    for (const [pattern, to] of LATIN_DIGRAPHS) sound = sound.replace(pattern, to);
  }
  return sound.replace(/(.)\1+/g, "$1");
}

/** Sounds this short match too much by chance. */
const MIN_SOUND_LENGTH = 3;

/** How alike a name's keys in one script sound to the other's keys in the other script, 0 to 1. */
export function soundSimilarity(
  left: readonly string[],
  right: readonly string[],
  distance: (a: string, b: string) => number,
): number {
  let best = 0;
  for (const a of left)
    for (const b of right) {
      if (isHebrew(a) === isHebrew(b)) continue;
      const [x, y] = [soundKey(a), soundKey(b)];
      if (x.length < MIN_SOUND_LENGTH || y.length < MIN_SOUND_LENGTH) continue;
      best = Math.max(best, 1 - distance(x, y) / Math.max(x.length, y.length));
    }
  return best;
}

// Street types and the words that only place an address (floor, entrance), and the city.
const STREET_TYPES = new Set(
  [
    "רחוב",
    "רח",
    "שדרות",
    "שד",
    "שדר",
    "דרך",
    "סמטת",
    "סמ",
    "st",
    "street",
    "str",
    "blvd",
    "boulevard",
    "ave",
    "avenue",
    "rd",
    "road",
    "sderot",
    "sd",
    "rehov",
    "derech",
  ].flatMap(matchWords),
);
const CITIES = new Set(
  ["תל אביב", "תל אביב-יפו", 'ת"א', "יפו", "tel aviv", "tel aviv-yafo", "tel aviv-jaffa", "israel", "ישראל"].map(
    (city) => matchWords(city).join(" "),
  ),
);
const POSTCODE = /^\d{5,7}$/;
/** "קומה 2", "floor 3", "כניסה ב": where inside, not which building (the word and the next). */
const INSIDE = new Set(["קומה", "קומת", "כניסה", "floor", "entrance", "apt", "דירה"].flatMap(matchWords));

/**
 * Tel Aviv's main streets in English as listings write them, and their Hebrew names as the register
 * writes them, so an English-only address still pairs. The English side is compared without spaces,
 * hyphens, apostrophes and street types ("Ibn Gabirol St" = "ibngabirol").
 */
const STREETS_EN_HE: readonly (readonly [string, string])[] = [
  ["Ahad HaAm", "אחד העם"],
  ["Allenby", "אלנבי"],
  ["Arlosoroff", "ארלוזורוב"],
  ["Arlozorov", "ארלוזורוב"],
  ["Balfour", "בלפור"],
  ["Basel", "באזל"],
  ["Begin", "מנחם בגין"],
  ["Ben Avigdor", "בן אביגדור"],
  ["Ben Gurion", "בן גוריון"],
  ["Ben Yehuda", "בן יהודה"],
  ["Ben Zvi", "בן צבי"],
  ["Bialik", "ביאליק"],
  ["Bograshov", "בוגרשוב"],
  ["Brodetsky", "ברודצקי"],
  ["Bugrashov", "בוגרשוב"],
  ["Carlebach", "קרליבך"],
  ["Dizengoff", "דיזנגוף"],
  ["Eilat", "אילת"],
  ["Einstein", "איינשטיין"],
  ["Florentin", "פלורנטין"],
  ["Frishman", "פרישמן"],
  ["Gordon", "גורדון"],
  ["HaArbaa", "הארבעה"],
  ["HaBarzel", "הברזל"],
  ["HaCarmel", "הכרמל"],
  ["Haifa", "חיפה"],
  ["HaMasger", "המסגר"],
  ["HaMered", "המרד"],
  ["HaShalosha", "השלושה"],
  ["Hashmonaim", "חשמונאים"],
  ["HaYarkon", "הירקון"],
  ["Herzl", "הרצל"],
  ["Ibn Gabirol", "אבן גבירול"],
  ["Jabotinsky", "ז'בוטינסקי"],
  ["Jaffa", "יפו"],
  ["Jerusalem", "ירושלים"],
  ["Kalman Magen", "קלמן מגן"],
  ["Kaplan", "קפלן"],
  ["Karlebach", "קרליבך"],
  ["Kaufmann", "קויפמן"],
  ["Kibbutz Galuyot", "קיבוץ גלויות"],
  ["King George", "המלך ג'ורג'"],
  ["King Saul", "שאול המלך"],
  ["Levinsky", "לוינסקי"],
  ["Levontin", "לבונטין"],
  ["Lilienblum", "לילינבלום"],
  ["Masaryk", "מסריק"],
  ["Menachem Begin", "מנחם בגין"],
  ["Montefiore", "מונטיפיורי"],
  ["Nachalat Binyamin", "נחלת בנימין"],
  ["Nachmani", "נחמני"],
  ["Nahalat Binyamin", "נחלת בנימין"],
  ["Nahalat Yitzhak", "נחלת יצחק"],
  ["Namir", "נמיר"],
  ["Nordau", "נורדאו"],
  ["Pinsker", "פינסקר"],
  ["Raoul Wallenberg", "ראול ולנברג"],
  ["Rothschild", "רוטשילד"],
  ["Salame", "שלמה"],
  ["Shaul HaMelech", "שאול המלך"],
  ["Sheinkin", "שינקין"],
  ["Shenkin", "שינקין"],
  ["Tchernichovsky", "טשרניחובסקי"],
  ["Ussishkin", "אוסישקין"],
  ["Weizmann", "ויצמן"],
  ["Yefet", "יפת"],
  ["Yehuda Halevi", "יהודה הלוי"],
  ["Yehuda HaLevi", "יהודה הלוי"],
  ["Yehuda Maccabi", "יהודה המכבי"],
  ["Yerushalayim", "ירושלים"],
  ["Yigal Allon", "יגאל אלון"],
  ["Yigal Alon", "יגאל אלון"],
];

/** A street's key: its words without types, a leading ה ("הכרמל" = "כרמל"), run together. */
function streetKeyOf(words: readonly string[]): string {
  const kept = words.filter((word) => !STREET_TYPES.has(word));
  const first = kept[0];
  if (first !== undefined && first.startsWith("ה") && first.length >= 4) kept[0] = first.slice(1);
  return kept.join("");
}

/** An English street's key: its words run together without types, and without a leading "ha" ("Yarkon" = "HaYarkon"). */
const latinStreetKeyOf = (words: readonly string[]) =>
  words
    .filter((word) => !STREET_TYPES.has(word))
    .join("")
    .replace(/^ha(?=.{4})/, "");
const latinStreetKey = (text: string) => latinStreetKeyOf(matchWords(text));
const EN_TO_HE = new Map(STREETS_EN_HE.map(([en, he]) => [latinStreetKey(en), streetKeyOf(matchWords(he))]));

export interface AddressKey {
  /** The street under one spelling ("" when the address has none). */
  street: string;
  /** The street's words, to take out of a name written with its street ("חומוס כספי בן יהודה"). */
  streetWords: string[];
  /** The house number's digits ("" for a landmark: "קניון עזריאלי"). */
  number: string;
}

/** An address read into street and number, in Hebrew or English, city and floor left out. */
export function addressKey(address: string): AddressKey {
  const words: string[] = [];
  for (const part of address.split(",")) {
    const partWords = matchWords(part);
    const joined = partWords.join(" ");
    if (CITIES.has(joined) || POSTCODE.test(joined)) continue;
    for (let i = 0; i < partWords.length; i++) {
      const word = partWords[i] ?? "";
      if (INSIDE.has(word)) i++;
      else words.push(word);
    }
  }
  let number = "";
  const streetWords: string[] = [];
  for (const word of words) {
    const digits = /^(\d+)[a-z\u05D0-\u05EA]?$/.exec(word)?.[1];
    if (digits !== undefined) {
      if (!number) number = String(Number(digits));
    } else if (!/^\d/.test(word)) streetWords.push(word);
  }
  const hebrew = streetWords.some(isHebrew);
  const latin = latinStreetKeyOf(streetWords);
  const street = hebrew ? streetKeyOf(streetWords) : (EN_TO_HE.get(latin) ?? latin);
  return { street, streetWords, number };
}

/** A phone's digits as dialled inside Israel ("+972-3-555-0101" = "035550101"); "" when too short to tell. */
export function phoneKey(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("972")) digits = `0${digits.slice(3)}`;
  if (!digits.startsWith("0")) digits = `0${digits}`;
  return digits.length >= 9 ? digits : "";
}
