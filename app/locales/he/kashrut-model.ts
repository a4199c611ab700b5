import type { enKashrutModel } from "../en/kashrut-model";

// Hebrew messages: the form's kashrut group and the kashrut disagreements to settle; the type asks for exactly the English keys.
export const heKashrutModel: Record<keyof typeof enKashrutModel, string> = {
  "kashrutModel.group": "כשרות",
  "kashrutModel.hint":
    "מי משגיח על המטבח, באיזו רמה ועד מתי. הכשרות שמוצגת באתר (רבנות, מהדרין, צהר או לא ידוע) נגזרת מהגוף המפקח ומהרמה.",
  "kashrutModel.bodyUnknown": "לא ידוע",
  "kashrutModel.derived": "מוצג באתר כ: {kashrut}",
  "kashrutModel.kind": "בשרי, חלבי או פרווה",
  "kashrutModel.kindUnknown": "לא ידוע",
  "kashrutModel.kind.meat": "בשרי",
  "kashrutModel.kind.dairy": "חלבי",
  "kashrutModel.kind.parve": "פרווה",
  "kashrutModel.kindInvalid": "יש לבחור בשרי, חלבי או פרווה מהרשימה.",
  "kashrutModel.nav": "כשרות ליישוב",
  "kashrutModel.openCount": "{count} ליישוב",
  "kashrutModel.title": "כשרות ליישוב",
  "kashrutModel.intro":
    "כשערך הכשרות ותעודת הכשרות אוחדו לפרטים אחד, נמצאה סתירה בין השניים ברשומות האלה. עד שתבחרו, האתר ממשיך להציג את ערך הכשרות. גם שמירה של טופס הרשומה מיישבת את הסתירה.",
  "kashrutModel.none": "אין מה ליישב: הכשרות של כל הרשומות תואמת את התעודה שלהן.",
  "kashrutModel.stored": "ערך הכשרות",
  "kashrutModel.certificate": "תעודה",
  "kashrutModel.levelNotGiven": "רמה לא צוינה",
  "kashrutModel.readsAs": "משמעותה: {kashrut}",
  "kashrutModel.keepCertificate": "להשאיר את התעודה: {kashrut}",
  "kashrutModel.keepKashrut": "להשאיר את ערך הכשרות: {kashrut}",
  "kashrutModel.settled": "יושב. הכשרות והתעודה של הרשומה תואמות עכשיו.",
  "kashrutModel.notFound": "אין ברשומה הזאת עוד מה ליישב.",
  "kashrutModel.choiceInvalid": "יש לבחור מה מהשניים להשאיר.",
  "kashrutModel.edit": "עריכת הרשומה",
};
