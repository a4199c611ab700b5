// The alerts' daily digest (ADR 024): for each account with alerts on, its saved places' facts now
// against their snapshots (changes.ts); when something changed, one e-mail in the account's
// language listing every changed place, at most one per Tel Aviv day. The server runs it hourly.
//
// Claim, then send (as the certificate reminders): the account's day is claimed first
// (alert_settings.last_sent_day moves from the value read to today only if no one else moved it),
// so several processes or a second run the same day never send twice. The snapshots move to the
// facts reported only once the e-mail went: a send that fails gives the day back (the next hourly
// run tries again) and keeps the snapshots, so no change is lost. A process that dies between the
// claim and the send loses only that day's digest: the changes are still against the old
// snapshots and go out in the next day's.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { alertSettings, alertSnapshots } from "../../../../database/schema/alerts";
import { restaurants } from "../../../../database/schema/restaurants";
import { savedPlaces } from "../../../../database/schema/saved";
import type { Db } from "../../../../database/types";
import { formatLongDate, telAvivDay } from "../../../lib/dates";
import { alertDigestEmail, type DigestLine, type EmailContent } from "../../../lib/emails";
import type { Language } from "../../../lib/i18n/language";
import { translator, type Translate } from "../../../lib/i18n/messages";
import { restaurantPath } from "../../../lib/paths";
import type { MessageKey } from "../../../locales/en";
import type { CertificateBody, CertificateLevel } from "../../../../database/lifecycle";
import { isKashrut, KASHRUT_LABELS } from "../core";
import { changesSince, isCertificateExpired, type CurrentFacts, type PlaceChange, type PlaceFacts } from "./changes";
import { alertsPath, unsubscribePath } from "./paths";
import { writeSnapshots } from "./snapshots.server";
import type { AlertTokens } from "./token.server";

export interface DigestOptions {
  sendEmail: (to: string, content: EmailContent) => Promise<void>;
  publicUrl: string;
  tokens: AlertTokens;
  now?: Date;
}

/** The digest's words for each kind of change (e-mail texts live with the code that writes them, as app/lib/emails.ts's). */
const CHANGE_WORDS = {
  en: {
    kashrut: "Kashrut",
    authority: "Kashrut supervision",
    level: "Kashrut level",
    closed: "Closed permanently",
    reopened: "Open again",
    expired: (date: string) => `The certificate expired (its last valid day was ${date})`,
    renewed: (date: string) => `The certificate was renewed, valid until ${date}`,
    none: "Not given",
  },
  he: {
    kashrut: "כשרות",
    authority: "גוף הכשרות",
    level: "רמת הכשרות",
    closed: "נסגרה לצמיתות",
    reopened: "נפתחה מחדש",
    expired: (date: string) => `תוקף התעודה פג (היום האחרון בתוקף היה ${date})`,
    renewed: (date: string) => `התעודה חודשה, בתוקף עד ${date}`,
    none: "לא צוין",
  },
} as const;

/** A change in words, in the digest's language (the body and level named as the restaurant page names them). */
export function describeChange(
  change: PlaceChange,
  language: Language,
  t: Translate = translator(language),
): DigestLine {
  const words = CHANGE_WORDS[language];
  const body = (value: CertificateBody | null) =>
    value === null ? words.none : t(`certificate.body.${value}` as MessageKey);
  const level = (value: CertificateLevel | null) =>
    value === null ? words.none : t(`certificate.level.${value}` as MessageKey);
  const kashrut = (value: string) => (isKashrut(value) ? KASHRUT_LABELS[value][language] : value);
  switch (change.kind) {
    case "kashrut":
      return { what: words.kashrut, from: kashrut(change.from), to: kashrut(change.to) };
    case "authority":
      return { what: words.authority, from: body(change.from), to: body(change.to) };
    case "level":
      return { what: words.level, from: level(change.from), to: level(change.to) };
    case "closed":
      return { what: words.closed };
    case "reopened":
      return { what: words.reopened };
    case "expired":
      return { what: words.expired(formatLongDate(change.validUntil, language)) };
    case "renewed":
      return { what: words.renewed(formatLongDate(change.validUntil, language)) };
  }
}

interface Row {
  restaurantId: string;
  slug: string;
  nameEn: string;
  nameHe: string | null;
  now: CurrentFacts;
  snapshot: PlaceFacts | null;
}

/** Each saved place of an account, its facts now (on `today`) and its snapshot, if any. */
async function placesOf(db: Db, userId: string, today: string): Promise<Row[]> {
  const rows = await db
    .select({
      restaurantId: restaurants.id,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      kashrut: restaurants.kashrut,
      body: restaurants.certificate_body,
      level: restaurants.certificate_level,
      closed: restaurants.is_permanently_closed,
      validUntil: restaurants.certificate_valid_until,
      snapshot: {
        kashrut: alertSnapshots.kashrut,
        body: alertSnapshots.certificate_body,
        level: alertSnapshots.certificate_level,
        closed: alertSnapshots.closed,
        expired: alertSnapshots.certificate_expired,
      },
    })
    .from(savedPlaces)
    .innerJoin(restaurants, eq(restaurants.id, savedPlaces.restaurant_id))
    .leftJoin(
      alertSnapshots,
      and(eq(alertSnapshots.user_id, savedPlaces.user_id), eq(alertSnapshots.restaurant_id, savedPlaces.restaurant_id)),
    )
    .where(eq(savedPlaces.user_id, userId))
    .orderBy(savedPlaces.created_at, restaurants.slug);
  return rows.map((row) => ({
    restaurantId: row.restaurantId,
    slug: row.slug,
    nameEn: row.nameEn,
    nameHe: row.nameHe,
    now: {
      kashrut: row.kashrut,
      certificateBody: row.body,
      certificateLevel: row.level,
      closed: row.closed,
      certificateExpired: isCertificateExpired(row.body, row.validUntil, today),
      validUntil: row.validUntil,
    },
    snapshot: row.snapshot
      ? {
          kashrut: row.snapshot.kashrut,
          certificateBody: row.snapshot.body as CertificateBody | null,
          certificateLevel: row.snapshot.level as CertificateLevel | null,
          closed: row.snapshot.closed,
          certificateExpired: row.snapshot.expired,
        }
      : null,
  }));
}

/** Records the facts as the account now knows them (first seen, or just reported). */
function recordSnapshots(db: Db, userId: string, rows: readonly Row[], now: Date): Promise<void> {
  return writeSnapshots(
    db,
    userId,
    rows.map((row) => ({ restaurantId: row.restaurantId, facts: row.now })),
    now,
  );
}

/**
 * Sends today's digests (Tel Aviv's day at `now`) to the accounts whose saved places changed;
 * returns how many were sent. Only verified addresses are written to (an address nobody proved
 * is theirs gets no mail it did not ask for).
 */
export async function sendAlertDigests(
  db: Db,
  { sendEmail, publicUrl, tokens, now = new Date() }: DigestOptions,
): Promise<number> {
  const today = telAvivDay(now);
  const accounts = await db
    .select({
      userId: alertSettings.user_id,
      language: alertSettings.language,
      lastSentDay: alertSettings.last_sent_day,
      email: users.email,
    })
    .from(alertSettings)
    .innerJoin(users, eq(users.id, alertSettings.user_id))
    .where(
      and(
        eq(alertSettings.enabled, true),
        eq(users.emailVerified, true),
        or(isNull(alertSettings.last_sent_day), lt(alertSettings.last_sent_day, today)),
      ),
    );
  let sent = 0;
  for (const account of accounts) {
    const language: Language = account.language === "he" ? "he" : "en";
    const rows = await placesOf(db, account.userId, today);
    // A place seen for the first time (saved since alerts were turned on) says nothing yet.
    await recordSnapshots(
      db,
      account.userId,
      rows.filter((row) => row.snapshot === null),
      now,
    );
    const changed = rows.flatMap((row) => {
      const changes = row.snapshot ? changesSince(row.snapshot, row.now) : [];
      return changes.length > 0 ? [{ row, changes }] : [];
    });
    if (changed.length === 0) continue;
    // Claimed before it is sent: the day moves only from the value read, so one process wins.
    const claimed = await db
      .update(alertSettings)
      .set({ last_sent_day: today })
      .where(
        and(
          eq(alertSettings.user_id, account.userId),
          eq(alertSettings.enabled, true),
          account.lastSentDay === null
            ? isNull(alertSettings.last_sent_day)
            : eq(alertSettings.last_sent_day, account.lastSentDay),
        ),
      )
      .returning({ userId: alertSettings.user_id });
    if (claimed.length === 0) continue;
    const t = translator(language);
    const content = alertDigestEmail({
      language,
      places: changed.map(({ row, changes }) => ({
        name: language === "he" ? (row.nameHe ?? row.nameEn) : row.nameEn,
        link: `${publicUrl}${restaurantPath(row.slug, language)}`,
        lines: changes.map((change) => describeChange(change, language, t)),
      })),
      settingsLink: `${publicUrl}${alertsPath(language)}`,
      unsubscribeLink: `${publicUrl}${unsubscribePath(language, tokens.sign(account.userId))}`,
    });
    try {
      await sendEmail(account.email, content);
    } catch (error) {
      // Given back: the next run tries again, and the snapshots still hold what was not told.
      await db
        .update(alertSettings)
        .set({ last_sent_day: account.lastSentDay })
        .where(and(eq(alertSettings.user_id, account.userId), eq(alertSettings.last_sent_day, today)));
      console.error("[alerts] digest e-mail failed:", error);
      continue;
    }
    await recordSnapshots(
      db,
      account.userId,
      changed.map(({ row }) => row),
      now,
    );
    sent++;
  }
  return sent;
}
