// A diner's e-mail alerts for saved places (ADR 024): the setting (on/off and the digest's
// language), turning it on (which takes a snapshot of every saved place: changes are counted from
// then), and turning it off by the signed link of an e-mail. Only the account itself changes its
// alerts: the rule book's `saved:keep` (alerts are a setting of one's own saved places: any
// signed-in account, its own list only) is asked here as well as by the route, and the functions
// write the acting account's own row, never one named by a request.
import { eq } from "drizzle-orm";
import { alertSettings } from "../../../../database/schema/alerts";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import type { Language } from "../../../lib/i18n/language";
import type { Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { snapshotSavedPlaces } from "./snapshots.server";
import type { AlertTokens } from "./token.server";

export interface AlertSettings {
  enabled: boolean;
  language: Language;
}

/** The account the alerts belong to: the acting viewer, who must be allowed and must be an account. */
function accountOf(actor: Subject | null): string {
  assertCan(actor, "saved:keep");
  if (!actor?.id) throw new AppError("forbidden", "access.denied");
  return actor.id;
}

/** An account's setting; off (in `fallback` language) when it never set one. */
export async function alertSettingsOf(db: Db, userId: string, fallback: Language): Promise<AlertSettings> {
  const [row] = await db
    .select({ enabled: alertSettings.enabled, language: alertSettings.language })
    .from(alertSettings)
    .where(eq(alertSettings.user_id, userId));
  return row
    ? { enabled: row.enabled, language: row.language === "he" ? "he" : "en" }
    : { enabled: false, language: fallback };
}

/**
 * Saves the acting account's setting. Turning alerts on takes a snapshot of each saved place as it
 * is now (replacing any older one): what changed while they were off is not news.
 */
export async function setAlerts(
  db: Db,
  actor: Subject | null,
  settings: AlertSettings,
  now: Date = new Date(),
): Promise<void> {
  const userId = accountOf(actor);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ enabled: alertSettings.enabled })
      .from(alertSettings)
      .where(eq(alertSettings.user_id, userId));
    await tx
      .insert(alertSettings)
      .values({ user_id: userId, enabled: settings.enabled, language: settings.language, updated_at: now })
      .onConflictDoUpdate({
        target: alertSettings.user_id,
        set: { enabled: settings.enabled, language: settings.language, updated_at: now },
      });
    if (settings.enabled && !before?.enabled) await snapshotSavedPlaces(tx, userId, now);
  });
}

/**
 * Turns off the alerts of the account a token was signed for (the link in every digest; no sign-in:
 * the signature is the proof). A forged or damaged token is refused (AppError "invalid",
 * "alerts.badToken") and changes nothing. An account already off, or gone, is answered as done.
 */
export async function unsubscribeWithToken(
  db: Db,
  tokens: AlertTokens,
  token: string,
  now: Date = new Date(),
): Promise<void> {
  const userId = tokens.verify(token);
  if (!userId) throw new AppError("invalid", "alerts.badToken");
  await db.update(alertSettings).set({ enabled: false, updated_at: now }).where(eq(alertSettings.user_id, userId));
}
