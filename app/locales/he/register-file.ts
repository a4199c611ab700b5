import type { enRegisterFile } from "../en/register-file";

// Hebrew messages: a register file that cannot be imported; the type asks for exactly the English keys.
export const heRegisterFile: Record<keyof typeof enRegisterFile, string> = {
  "registerFile.unknownShape":
    "הקובץ הזה אינו רשימת פנקס שאנחנו יודעים לקרוא: CSV של סורק, דף פנקס שמור, JSON של הפורטל הארצי או רשימת התעודות שבוטלו.",
  "registerFile.empty": "הקובץ ריק.",
  "registerFile.tooLarge": "הקובץ גדול מ־{max} מ״ב, ורשימת פנקס קטנה בהרבה. כדאי לבדוק שזה הקובץ הנכון.",
  "registerFile.binary":
    "זה אינו קובץ טקסט (הוא נראה כמו גיליון אלקטרוני, PDF או תמונה). יש לשמור את הרשימה כ־CSV ‏(UTF-8), כדף אינטרנט (HTML) או כ־JSON.",
  "registerFile.encoding":
    "הקובץ אינו טקסט בקידוד UTF-8, ולכן אי אפשר לקרוא את העברית שבו. יש לשמור אותו שוב כ־„CSV UTF-8” (או כטקסט UTF-8) ולהעלות מחדש.",
  "registerFile.brokenCsv": "שורה {row}: אי אפשר לקרוא את ה־CSV מכאן והלאה (אולי מירכאות שלא נסגרו?).",
  "registerFile.cellCount": "בשורה {row} יש {cells} תאים, אבל בשורת הכותרת יש {columns} עמודות.",
  "registerFile.brokenJson": "הקובץ נראה כמו JSON אבל אינו JSON תקין (אולי הוא נקטע באמצע).",
  "registerFile.brokenHtml": "כרטיס {row} בדף פגום: יש בתוכו כרטיס של עסק אחר. יש לשמור את הדף מהדפדפן שוב.",
  "registerFile.brokenPage":
    "ה־HTML של הדף פגום (רכיבים מקוננים מאות רמות לעומק ואינם נסגרים). יש לשמור את הדף מהדפדפן שוב.",
  "registerFile.truncated": "הדף נגמר באמצע כרטיס {row}: הוא לא נשמר עד הסוף. יש לשמור אותו מהדפדפן שוב.",
  "registerFile.noName": "שורה {row}: לעסק אין שם ({column}).",
  "registerFile.badDate": "שורה {row}: הערך „{value}” בעמודה {column} אינו תאריך.",
  "registerFile.formula":
    "שורה {row}: הערך „{value}” בעמודה {column} מתחיל ב־=, +, - או @, כמו נוסחה בגיליון אלקטרוני. קובץ כזה נדחה: יש לתקן את התא ולהעלות את הקובץ שוב.",
  "registerFile.tooLong": "שורה {row}: הערך בעמודה {column} ארוך מ־{max} תווים.",
  "registerFile.noEntries": "הקובץ אינו מונה אף עסק.",
  "registerFile.noCityRows": "בקובץ של הפורטל אין אף עסק בתל אביב-יפו.",
  "registerFile.tooManyRows": "הקובץ מונה יותר מ־{max} עסקים, ורשימת פנקס קטנה בהרבה. כדאי לבדוק שזה הקובץ הנכון.",
};
