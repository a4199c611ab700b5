import type { enRegisterAdmin } from "../en/register-admin";

// Hebrew messages: a listing's revocation on the editor page, and the refusals of applying a revoked
// list or deciding a listing the register no longer lists; the type asks for exactly the English keys.
export const heRegisterAdmin: Record<keyof typeof enRegisterAdmin, string> = {
  "registerAdmin.revokedTitle": "התעודה בוטלה",
  "registerAdmin.revokedText":
    "רשימת התעודות שבוטלו של הרבנות מ־{date} כוללת את העסק הזה, ולכן בדף שלו כתוב שהתעודה בוטלה. פנקס מאוחר יותר לא מבטל זאת; רק מנהל יכול, כאן.",
  "registerAdmin.clear": "ביטול הסימון",
  "registerAdmin.cleared": "סימון הביטול הוסר; מצב התעודה נקבע שוב לפי תאריך התוקף שלה.",
  "registerAdmin.clearFailed": "לא הצלחנו להסיר את סימון הביטול. טענו את הדף מחדש ונסו שוב.",
  "registerAdmin.snapshotNotFound": "הגרסה הזו של הפנקס כבר לא קיימת. טענו את הדף מחדש.",
  "registerAdmin.notRevokedList": "הגרסה הזו אינה רשימה של תעודות שבוטלו.",
  "registerAdmin.notCompleteRegister": "רק פנקס מלא (לא חלקי ולא רשימת ביטולים) יכול לסמן עסקים שחסרים בו.",
  "registerAdmin.alreadyDecided": "כבר התקבלה החלטה על העסק הזה בפנקס הזה. טענו את הדף מחדש.",
  "registerAdmin.notFlagged": "העסק הזה לא סומן כחסר בפנקס הזה.",
};
