// The blog area in Hebrew: typed by the English area.
import type { BlogMessages } from "../en";

export const heBlog: BlogMessages = {
  "blog.title": "הבלוג של כשר תל אביב",
  "blog.tagline": "חדשות, מדריכים וסיפורים על אוכל כשר בתל אביב",
  "blog.add": "הוספת פוסט",
  "blog.emptyTitle": "עדיין אין פוסטים",
  "blog.emptyAdmin": "היו הראשונים להוסיף פוסט על אוכל כשר בתל אביב",
  "blog.emptyVisitor": "חזרו בקרוב לפוסטים על אוכל כשר בתל אביב",
  "blog.back": "חזרה לבלוג",
  "blog.edit": "עריכה",
  "blog.delete": "מחיקה",
  "blog.confirmTitle": "האם אתם בטוחים?",
  "blog.confirmBody": "לא ניתן לבטל את הפעולה. הפוסט יימחק לצמיתות.",
  "blog.notFound": "הפוסט לא נמצא",
  "blog.notFoundBody": "הפוסט שחיפשתם לא קיים או שהוסר.",
  "blog.deleted": "הפוסט נמחק בהצלחה",
  "blog.deleteFailed": "מחיקת הפוסט נכשלה",
  "blog.saveFailed": "שמירת הפוסט נכשלה",
  "blog.titleRequired": "כותרת היא שדה חובה",
  "blog.subtitleRequired": "כותרת משנה היא שדה חובה",
  "blog.imageInvalid": "אנא הזינו כתובת תמונה תקינה",
  "blog.contentRequired": "תוכן הוא שדה חובה",
  "blog.slugRequired": "כתובת (slug) היא שדה חובה",
  "blog.slugInvalid": "הכתובת יכולה להכיל רק אותיות לועזיות קטנות, ספרות ומקפים",
  "blog.slugTaken": "הכתובת הזו כבר בשימוש בפוסט אחר",
  "blog.listLabel": "פוסטים",
};
