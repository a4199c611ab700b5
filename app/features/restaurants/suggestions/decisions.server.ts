// An admin's decisions on a suggestion, each followed by the answer to the visitor who sent it (if
// they left an address): approve (the listing created from the prefilled form), merge into an
// existing listing, or reject with a reason. The answer goes after the decision is kept; failing
// to send it is logged and does not undo it (tellSuggester).
import type { AppServices } from "../../../lib/context";
import type { Actor } from "../editing/index.server";
import type { RestaurantFormValues } from "../core";
import { tellSuggester } from "./notify.server";
import { approveSuggestion, mergeSuggestion, rejectSuggestion, type Decision } from "./suggestions.server";

/** What a decision needs besides the actor: the database, and the mail that answers the visitor. */
export type DecisionServices = Pick<AppServices, "db" | "sendEmail" | "settings">;

/** A decision made in the queue itself: merge into a listing, or reject with a reason. */
export type QueueDecision = { intent: "merge"; restaurantId: string } | { intent: "reject"; reason: string };

/** Merges or rejects the suggestion, then answers the visitor. */
export async function decideSuggestion(
  services: DecisionServices,
  actor: Actor,
  id: string,
  decision: QueueDecision,
): Promise<Decision> {
  const made =
    decision.intent === "merge"
      ? await mergeSuggestion(services.db, actor, id, decision.restaurantId)
      : await rejectSuggestion(services.db, actor, id, decision.reason);
  await tellSuggester(services, made);
  return made;
}

/** Approves the suggestion by creating its listing from the form's values, then answers the visitor. */
export async function approveAndTell(
  services: DecisionServices,
  actor: Actor,
  id: string,
  values: RestaurantFormValues,
): Promise<Decision> {
  const { decision } = await approveSuggestion(services.db, actor, id, values);
  await tellSuggester(services, decision);
  return decision;
}
