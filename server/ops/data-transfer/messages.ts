// What the import (and the export) says about a row or a file, in English and Hebrew. The form's own rules name
// catalogue keys, shown through the catalogues (translator); the few things only an import can get
// wrong (an unknown column, an owner's e-mail, a file too large to read) are here, in both
// languages, because no page shows them.
// A value from the file inside a sentence is isolated (FSI … PDI), so an e-mail or a Hebrew name
// keeps its order in a sentence of the other direction.
import "../../../app/lib/i18n/all-messages.server";
import { interpolate, translator } from "../../../app/lib/i18n/messages";
import type { MessageKey } from "../../../app/locales/en";

export interface BilingualMessage {
  en: string;
  he: string;
}

const FSI = "\u2068";
const PDI = "\u2069";

/** A value shown inside a sentence: isolated from the sentence's direction. */
export function isolate(value: string | number): string {
  return `${FSI}${String(value)}${PDI}`;
}

const IMPORT_MESSAGES = {
  unknownField: {
    en: "There is no such field. The fields are: {fields}.",
    he: "אין שדה כזה. השדות הם: {fields}.",
  },
  notAnObject: {
    en: "A row must be an object of fields.",
    he: "שורה צריכה להיות אובייקט של שדות.",
  },
  cellCount: {
    en: "This row has {cells} cells, but the header has {columns} columns.",
    he: "בשורה הזאת {cells} תאים, אבל בשורת הכותרת {columns} עמודות.",
  },
  duplicateSlug: {
    en: "Row {row} of this file is already about {slug}.",
    he: "שורה {row} בקובץ הזה כבר עוסקת ב־{slug}.",
  },
  unknownOwner: {
    en: "No account has the e-mail {email}.",
    he: "אין חשבון עם הדוא״ל {email}.",
  },
  ownerSkipped: {
    en: "No account has the e-mail {email}: the restaurant is imported without this owner ({flag}). Link them in the dashboard once they have an account with the Owner role.",
    he: "אין חשבון עם הדוא״ל {email}: המסעדה מיובאת בלי הבעלים הזה ({flag}). אפשר לשייך אותו בלוח הבקרה אחרי שייפתח לו חשבון עם תפקיד בעלים.",
  },
  notOwnerRole: {
    en: "The account {email} does not have the Owner role, so it cannot be linked to a restaurant.",
    he: "לחשבון {email} אין תפקיד בעלים, ולכן אי אפשר לקשר אותו למסעדה.",
  },
  ownersNotList: {
    en: "Owners must be a list of e-mail addresses.",
    he: "הבעלים צריכים להיות רשימה של כתובות דוא״ל.",
  },
  notADay: {
    en: "Enter a date as YYYY-MM-DD, or leave it empty.",
    he: "יש להזין תאריך בתבנית YYYY-MM-DD, או להשאיר ריק.",
  },
  notADate: {
    en: "Enter a date and time as ISO 8601 (2026-03-04T09:00:00.000Z), or leave it empty.",
    he: "יש להזין תאריך ושעה בתבנית ISO 8601 (2026-03-04T09:00:00.000Z), או להשאיר ריק.",
  },
  fileTooLarge: {
    en: "{file} has {size} bytes, more than an import reads ({limit} bytes, 50 MB). Split it into smaller files and import them one after another: rows a file leaves out are left alone.",
    he: "ב־{file} יש {size} בתים, יותר ממה שייבוא קורא ({limit} בתים, 50 MB). יש לפצל אותו לקבצים קטנים יותר ולייבא אותם בזה אחר זה: שורות שקובץ אינו מכיל נשארות כפי שהן.",
  },
  fileNotCarried: {
    en: "This file is not on this site, and the import does not carry it. Export with {flag} and import that folder or archive, or leave the field empty.",
    he: "הקובץ הזה אינו באתר הזה, והייבוא אינו מביא אותו. יש לייצא עם {flag} ולייבא את התיקייה או הארכיון שנוצרו, או להשאיר את השדה ריק.",
  },
  noExportInFolder: {
    en: "The folder {folder} holds no export: neither {json}, {restaurants} nor {posts}.",
    he: "בתיקייה {folder} אין ייצוא: אין בה {json}, {restaurants} או {posts}.",
  },
  twoCarriers: {
    en: "Both {first} and {second} carry files: import one export with its files at a time.",
    he: "גם {first} וגם {second} מביאים קבצים: יש לייבא ייצוא אחד עם קבציו בכל פעם.",
  },
  notAnExportArchive: {
    en: "{archive} is not the archive of an export with its files ({reason}). Nothing was imported.",
    he: "{archive} אינו ארכיון של ייצוא עם קבציו ({reason}). שום דבר לא יובא.",
  },
  notAnExportEntry: {
    en: "{archive} holds {entry}, which an export's archive does not: it holds export.json (or restaurants.csv and blog-posts.csv) once, and the files under files/. Nothing was imported.",
    he: "ב־{archive} יש {entry}, שאין בארכיון של ייצוא: יש בו export.json (או restaurants.csv ו־blog-posts.csv) פעם אחת, ואת הקבצים תחת files/. שום דבר לא יובא.",
  },
  bundleOutIsFile: {
    en: "{out} is a file. An export with its files is a folder, or an archive whose name ends in .tar.gz: give --out a folder or such a name.",
    he: "{out} הוא קובץ. ייצוא עם קבציו הוא תיקייה, או ארכיון ששמו מסתיים ב־.tar.gz: יש לתת ל־--out תיקייה או שם כזה.",
  },
  filesNeedOut: {
    en: "An export with its files is a folder or a .tar.gz archive, not standard output: give --out.",
    he: "ייצוא עם קבציו הוא תיקייה או ארכיון .tar.gz, לא הפלט הרגיל: יש לתת --out.",
  },
  filesMissing: {
    en: "{count} stored files the export names are not in the uploads, so it does not carry them (an import elsewhere refuses the restaurants naming them): {urls}",
    he: "{count} קבצים שמורים שהייצוא מזכיר אינם בהעלאות, ולכן הוא אינו מביא אותם (ייבוא באתר אחר ידחה את המסעדות שמזכירות אותם): {urls}",
  },
  // Pesach
  pesachInvalid: {
    en: 'Pesach must be JSON: plans by year, like {"2027":{"status":"kosher","kitniyot":false}}; status is closed, kosher or not_kosher; a certificate only when kosher; Chol HaMoed hours as [{"from":"10:00","to":"22:00"}].',
    he: 'פסח צריך להיות JSON: תוכנית לכל שנה, כמו {"2027":{"status":"kosher","kitniyot":false}}; הסטטוס הוא closed‏, kosher או not_kosher; תעודה רק כשכשר; שעות חול המועד כמו [{"from":"10:00","to":"22:00"}].',
  },
} as const satisfies Record<string, BilingualMessage>;

export type ImportMessage = keyof typeof IMPORT_MESSAGES;

const translate = { en: translator("en"), he: translator("he") };

const isolateAll = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isolate(value)]));

/** An import-only message; `values` are isolated. */
export function importMessage(key: ImportMessage, values: Record<string, string | number> = {}): BilingualMessage {
  const message = IMPORT_MESSAGES[key];
  const isolated = isolateAll(values);
  return { en: interpolate(message.en, isolated), he: interpolate(message.he, isolated) };
}

/** A message as the commands print it: the English, then the Hebrew on an indented line. */
export function inBothLanguages(message: BilingualMessage): string {
  return `${message.en}\n    ${message.he}`;
}

/** A catalogue message (a form rule's, a domain error's) in both languages; `values` are isolated. */
export function catalogueMessage(key: MessageKey, values: Record<string, string | number> = {}): BilingualMessage {
  const isolated = isolateAll(values);
  return { en: translate.en(key, isolated), he: translate.he(key, isolated) };
}
