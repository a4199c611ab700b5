import type { enReviewsWritten } from "../en/reviews-written";

// Hebrew messages: words the server writes about reviews (the card's and page's rating lines, the policy page, e-mails); the type asks for exactly the English keys.
export const heReviewsWritten: Record<keyof typeof enReviewsWritten, string> = {
  "reviewWritten.show.title": "ביקורות",
  "reviewWritten.show.summary": "{average} מתוך 5, לפי {count} ביקורות",
  "reviewWritten.show.summaryOne": "{average} מתוך 5, לפי ביקורת אחת",
  "reviewWritten.show.none": "עדיין אין ביקורות. אכלתם כאן?",
  "reviewWritten.show.write": "כתבו ביקורת",
  "reviewWritten.show.distribution": "כמה ביקורות נתנו כל דירוג",
  "reviewWritten.show.starsRow": "{stars} כוכבים: {count}",
  "reviewWritten.show.starRow": "כוכב אחד: {count}",
  "reviewWritten.show.stars": "{stars} מתוך 5 כוכבים",
  "reviewWritten.show.writtenIn.he": "נכתבה בעברית",
  "reviewWritten.show.writtenIn.en": "נכתבה באנגלית",
  "reviewWritten.show.ateHere": "ארוחה במקום ב{month}",
  "reviewWritten.show.visited": "ביקור ב{month}",
  "reviewWritten.show.edited": "נערכה",
  "reviewWritten.show.reply": "תגובת בעלי המקום",
  "reviewWritten.show.report": "דיווח על הביקורת",
  "reviewWritten.show.replyLink": "תגובה בשם המקום",
  "reviewWritten.show.newer": "ביקורות חדשות יותר",
  "reviewWritten.show.older": "ביקורות קודמות",
  "reviewWritten.show.page": "עמוד {page} מתוך {pages}",
  "reviewWritten.show.pages": "עמודי ביקורות",
};
