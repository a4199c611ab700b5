// What the import says about a row or a file, in English and Hebrew. The form's own rules name
// catalogue keys, shown through the catalogues (translator); the few things only an import can get
// wrong (an unknown column, an owner's e-mail, a file too large to read) are here, in both
// languages, because no page shows them.
// A value from the file inside a sentence is isolated (FSI … PDI), so an e-mail or a Hebrew name
// keeps its order in a sentence of the other direction.
import "../../app/lib/i18n/all-messages.server";
import { interpolate, translator } from "../../app/lib/i18n/messages";
import type { MessageKey } from "../../app/locales/en";

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
} as const satisfies Record<string, BilingualMessage>;

export type ImportMessage = keyof typeof IMPORT_MESSAGES;

const translate = { en: translator("en"), he: translator("he") };

const isolateAll = (values: Record<string, string | number>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isolate(value)]));

/** An import-only message; `values` are isolated. */
export function importMessage(key: ImportMessage, values: Record<string, string | number> = {}): BilingualMessage {
  const message = IMPORT_MESSAGES[key];
  const isolated = isolateAll(values);
  return { en: interpolate(message.en, isolated), he: interpolate(message.he, isolated) };
}

/** A catalogue message (a form rule's, a domain error's) in both languages; `values` are isolated. */
export function catalogueMessage(key: MessageKey, values: Record<string, string | number> = {}): BilingualMessage {
  const isolated = isolateAll(values);
  return { en: translate.en(key, isolated), he: translate.he(key, isolated) };
}
