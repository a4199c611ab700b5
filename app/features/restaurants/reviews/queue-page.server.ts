// The moderation queue's page models (/dashboard/reviews and /dashboard/reviews/words): what the
// pages show for a request, and what a decision or a watched word posted from them does. The routes
// check the permission and render; the domain functions check it again and do the work.
import type { AppServices } from "../../../lib/context";
import { actionError } from "../../../lib/action-error.server";
import { AppError } from "../../../lib/errors";
import { readFormData } from "../../../lib/form-data.server";
import { formText } from "../../../lib/form-rules";
import type { Viewer } from "../../../lib/session.server";
import { pageOf, redirectWithToast } from "../../../lib/toast.server";
import { decideReview, listModeration, MODERATION_TABS, type ModerationTab } from "./moderation.server";
import { addWatchedWord, listWatchedWords, removeWatchedWord } from "./watched-words.server";
import { REVIEW_HIDE_WEIGHT } from "../../../../database/reviews";

const isTab = (value: string | null): value is ModerationTab => MODERATION_TABS.includes(value as ModerationTab);

/** One page of the list asked for (held unless asked otherwise). */
export async function moderationPage(db: AppServices["db"], viewer: Viewer, request: Request) {
  const params = new URL(request.url).searchParams;
  const tab = params.get("tab");
  const queue = await listModeration(db, viewer, {
    tab: isTab(tab) ? tab : "held",
    page: Number(params.get("page") ?? 1),
  });
  return { ...queue, hideWeight: REVIEW_HIDE_WEIGHT };
}

/** Approves or rejects the review the form names; back to the page with a toast, or the refusal for its card. */
export async function moderationAction(services: AppServices, viewer: Viewer, request: Request) {
  const text = formText(await readFormData(request));
  const intent = text("intent");
  const reviewId = text("reviewId").slice(0, 100);
  const reason = text("reason");
  try {
    if (intent === "approve") await decideReview(services, viewer, reviewId, { intent });
    else if (intent === "reject") await decideReview(services, viewer, reviewId, { intent, reason });
    // Only a crafted request names another intent.
    else throw new AppError("invalid", "error.unexpected", { subject: intent });
  } catch (error) {
    return actionError(error, {
      log: "[reviews] decision failed:",
      with: { reviewId, reason: reason.slice(0, 2_000) },
    });
  }
  return redirectWithToast(services.toasts, pageOf(request), {
    type: "success",
    message: intent === "approve" ? "reviewQueue.approvedToast" : "reviewQueue.rejectedToast",
  });
}

/** The watched words page's data. */
export async function watchedWordsPage(db: AppServices["db"], viewer: Viewer) {
  return { words: await listWatchedWords(db, viewer) };
}

/** Adds or removes a watched word; back to the page with a toast, or the refusal for the form. */
export async function watchedWordsAction(services: AppServices, viewer: Viewer, request: Request) {
  const text = formText(await readFormData(request));
  const intent = text("intent");
  const word = text("word").slice(0, 1_000);
  try {
    if (intent === "add") await addWatchedWord(services.db, viewer, word);
    else if (intent === "remove") await removeWatchedWord(services.db, viewer, word);
    else throw new AppError("invalid", "error.unexpected", { subject: intent });
  } catch (error) {
    return actionError(error, { log: "[reviews] watched word failed:", with: { intent, word } });
  }
  return redirectWithToast(services.toasts, pageOf(request), {
    type: "success",
    message: intent === "add" ? "reviewQueue.wordAddedToast" : "reviewQueue.wordRemovedToast",
  });
}
