// The suggestions queue page's model (/dashboard/suggestions): what the page shows for a request
// (open or decided, and the merge form's search for one suggestion), and what a decision posted
// from it does. The route checks the permission and renders; the decision and the answer to the
// visitor are decideSuggestion's.
import type { Db } from "../../../../database/types";
import { actionError } from "../../../lib/action-error.server";
import type { AppServices } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { readFormData } from "../../../lib/form-data.server";
import { pageOf, redirectWithToast } from "../../../lib/toast.server";
import type { MessageKey } from "../../../locales/en";
import type { Actor } from "../editing/index.server";
import { decideSuggestion } from "./decisions.server";
import { findListings, listSuggestions, type QueueView } from "./suggestions.server";
import { formText } from "../../../lib/form-rules";

const INTENTS = ["merge", "reject"] as const;
type Intent = (typeof INTENTS)[number];
const DONE: Record<Intent, MessageKey> = { merge: "suggestions.mergedToast", reject: "suggestions.rejectedToast" };

/** The page's data: one page of open (or decided) suggestions, and the listings the merge form found for one of them. */
export async function suggestionsQueuePage(db: Db, viewer: Actor, request: Request) {
  const params = new URL(request.url).searchParams;
  const view: QueueView = params.get("view") === "decided" ? "decided" : "open";
  const queue = await listSuggestions(db, viewer, view, Number(params.get("page") ?? 1));
  // The merge form's search: listings found for one suggestion.
  const find = (params.get("find") ?? "").slice(0, 200);
  const findFor = params.get("for") ?? "";
  const found =
    find.trim() === "" ? null : { for: findFor, term: find, listings: await findListings(db, viewer, find) };
  return { ...queue, view, found };
}

/** Merges or rejects the suggestion the form names; back to the page with a toast, or the refusal for its card. */
export async function suggestionsQueueAction(services: AppServices, viewer: Actor, request: Request) {
  const form = await readFormData(request);
  const text = formText(form);
  const intent = text("intent") as Intent;
  const suggestionId = text("suggestionId");
  try {
    // Only a crafted request names another intent.
    if (!INTENTS.includes(intent)) throw new AppError("invalid", "error.unexpected", { subject: intent });
    await decideSuggestion(
      services,
      viewer,
      suggestionId,
      intent === "merge" ? { intent, restaurantId: text("restaurantId") } : { intent, reason: text("reason") },
    );
  } catch (error) {
    return actionError(error, {
      log: "[suggestions] decision failed:",
      with: { suggestionId, intent, reason: text("reason").slice(0, 2_000) },
    });
  }
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: DONE[intent] });
}
