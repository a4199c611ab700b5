// Telling the visitor what became of their suggestion (ADR 023), if they left an address: in the
// language they wrote in, with a link to the listing (approved, merged) or to the site (rejected).
import type { AppServices } from "../../../lib/context";
import { suggestionOutcomeEmail } from "../../../lib/emails";
import { homePath, restaurantPath } from "../../../lib/paths";
import type { Decision } from "./suggestions.server";

/** Sends the answer; failing to send it does not undo the decision (it is logged). */
export async function tellSuggester(
  services: Pick<AppServices, "sendEmail" | "settings">,
  decision: Decision,
): Promise<void> {
  if (!decision.email) return;
  const { language } = decision;
  const link = `${services.settings.publicUrl}${decision.restaurant ? restaurantPath(decision.restaurant.slug, language) : homePath(language)}`;
  const content = suggestionOutcomeEmail({
    language,
    name: decision.name[language],
    outcome: decision.status,
    reason: decision.reason,
    link,
  });
  await services.sendEmail(decision.email, content).catch((error: unknown) => {
    console.error("[suggestions] reply e-mail failed:", error);
  });
}
