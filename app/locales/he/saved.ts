// The saved area in Hebrew: typed by the English area.
import type { SavedMessages } from "../en";

export const heSaved: SavedMessages = {
  "saved.title": "מקומות שמורים",
  "saved.intro": "המקומות ששמרתם, כדי למצוא אותם שוב מהר.",
  "saved.empty": "עוד לא נשמר כלום. לחצו על ״שמירה״ במסעדה כדי לשמור אותה כאן.",
  "saved.onDevice": "שמור במכשיר הזה בלבד. התחברו כדי לשמור בכל המכשירים שלכם.",
  "saved.needsScript": "מקומות שנשמרו במכשיר הזה מוצגים כאן כש-JavaScript פועל. התחברו כדי לשמור אותם בחשבון.",
  "alerts.savedLink": "קבלו אימייל כשמקום שמור משתנה",
};
