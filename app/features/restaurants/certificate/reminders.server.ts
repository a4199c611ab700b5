// The certificate reminders (ADR 023): each restaurant's linked owners are e-mailed 14 and 3 days
// before its certificate's last valid day (reminders.ts), once each: the reminder is recorded in
// certificate_reminders (restaurant, that date, days before: its primary key) before it is sent,
// so several processes, or a run again the same day, never send it twice. A new date (a renewal)
// starts its own reminders. The e-mail is in both languages in one message, as all our e-mails
// (app/lib/emails.ts: we do not know which language an owner reads). The server runs this hourly.
import { and, eq, gte, isNotNull, lte, ne } from "drizzle-orm";
import { certificateReminders } from "../../../../database/schema/lifecycle";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { telAvivDay } from "../../../lib/dates";
import { certificateReminderEmail, type EmailContent } from "../../../lib/emails";
import { dashboardEditPath } from "../../../lib/member-paths";
import { certificateDate } from "./wording";
import { dueReminder, reminderWindow } from "./reminders";
import { ownerEmailsOf } from "../core/index.server";

export interface ReminderOptions {
  sendEmail: (to: string, content: EmailContent) => Promise<void>;
  publicUrl: string;
  now?: Date;
}

/** Sends the reminders due today (Tel Aviv's day at `now`); returns how many restaurants' owners were reminded. */
export async function sendCertificateReminders(
  db: Db,
  { sendEmail, publicUrl, now = new Date() }: ReminderOptions,
): Promise<number> {
  const today = telAvivDay(now);
  const { from, to } = reminderWindow(today);
  const candidates = await db
    .select({
      id: restaurants.id,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      validUntil: restaurants.certificate_valid_until,
    })
    .from(restaurants)
    .where(
      and(
        isNotNull(restaurants.certificate_body),
        ne(restaurants.certificate_body, "none"),
        eq(restaurants.is_permanently_closed, false),
        gte(restaurants.certificate_valid_until, from),
        lte(restaurants.certificate_valid_until, to),
      ),
    );
  let sent = 0;
  for (const restaurant of candidates) {
    const validUntil = restaurant.validUntil;
    if (!validUntil) continue;
    const days = dueReminder(validUntil, today);
    if (days === undefined) continue;
    // Claimed before it is sent: another process (or a later run) finds it taken.
    const claimed = await db
      .insert(certificateReminders)
      .values({ restaurant_id: restaurant.id, valid_until: validUntil, days_before: days, sent_at: now })
      .onConflictDoNothing()
      .returning({ id: certificateReminders.restaurant_id });
    if (claimed.length === 0) continue;
    const content = certificateReminderEmail({
      restaurant: { en: restaurant.nameEn, he: restaurant.nameHe ?? restaurant.nameEn },
      date: { en: certificateDate(validUntil, "en"), he: certificateDate(validUntil, "he") },
      days: Math.round((Date.parse(`${validUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000),
      link: `${publicUrl}${dashboardEditPath(restaurant.id, "en")}`,
    });
    for (const to of await ownerEmailsOf(db, restaurant.id)) {
      try {
        await sendEmail(to, content);
      } catch (error) {
        // One address failing does not keep the others from being told.
        console.error("[certificates] reminder e-mail failed:", error);
      }
    }
    sent++;
  }
  return sent;
}
