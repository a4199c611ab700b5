// The review page's model (/restaurant/:slug/review): what the page shows the viewer, and turning a
// posted form into a domain call: save (write or edit), delete (asked to confirm first, so it works
// without JavaScript), and the second look. Each answer is a redirect with a toast, or a refusal for
// the form with what was typed (ADR 010). The route sends the verification link again itself.
import { REPORT_NOTE_MAX } from "../../../../database/reports";
import { REVIEW_TEXT_MAX } from "../../../../database/reviews";
import { actionError, parsedOrThrow } from "../../../lib/action-error.server";
import type { AppServices } from "../../../lib/context";
import { AppError, isAppError } from "../../../lib/errors";
import { FORM_PARSE, formText } from "../../../lib/form-rules";
import type { Language } from "../../../lib/i18n/language";
import { reportPath, restaurantPath } from "../../../lib/paths";
import { reviewPath } from "../../../lib/member-paths";
import { redirectWithToast } from "../../../lib/toast.server";
import type { TypedReview } from "./form-facts";
import { parseReview, secondLookSchema } from "./rules";
import { askSecondLook, deleteReview, reviewPageFor, writeReview, type ReviewAuthor } from "./writing.server";

/** The page's data for the viewer (undefined: no such listing). */
export async function reviewPage(
  services: Pick<AppServices, "db" | "settings">,
  viewer: ReviewAuthor | null,
  slug: string,
) {
  return reviewPageFor(services.db, viewer, slug, services.settings.reviews);
}

/** What was typed, kept (cut to a sane length) to fill the form again after a refusal. */
export function typedReview(form: FormData): TypedReview {
  const text = formText(form);
  return {
    rating: text("rating").slice(0, 1),
    body: text("body").slice(0, REVIEW_TEXT_MAX + 100),
    language: text("language").slice(0, 2),
    ateHere: text("ateHere") === "on",
    visitMonth: text("visitMonth").slice(0, 7),
    notKashrut: text("notKashrut") === "on",
  };
}

/** The problem-report page with reason "kashrut" and the review's text carried over as its note. */
export function kashrutReportLink(slug: string, body: string, language: Language): string {
  const query = new URLSearchParams({ reason: "kashrut", note: body.slice(0, REPORT_NOTE_MAX) });
  return `${reportPath(slug, language)}?${query.toString()}`;
}

/**
 * Runs the form's intent for `viewer` on the listing `slug`: a redirect (Response) once done, or the
 * refusal (with what was typed) for the form. Deleting without `confirm` answers with the question.
 */
export async function reviewFormAction(
  services: AppServices,
  viewer: ReviewAuthor | null,
  posted: { slug: string; form: FormData; language: Language },
) {
  const { form, slug, language } = posted;
  const text = formText(form);
  const intent = text("intent") || "save";
  const fields = typedReview(form);
  try {
    // A visitor may do nothing here (the page sends them to log in).
    if (!viewer) throw new AppError("forbidden", "access.denied");
    if (intent === "delete") {
      if (text("confirm") !== "yes") return { confirmDelete: true as const };
      await deleteReview(services.db, viewer, slug);
      return await redirectWithToast(services.toasts, restaurantPath(slug, language), {
        type: "success",
        message: "reviewWrite.deleted",
      });
    }
    if (intent === "secondLook") {
      const parsed = secondLookSchema.safeParse({ reason: text("reason") }, FORM_PARSE);
      if (!parsed.success) throw new AppError("invalid", "reviewWrite.reasonTooLong");
      await askSecondLook(services.db, viewer, slug, parsed.data.reason);
      return await redirectWithToast(services.toasts, reviewPath(slug, language), {
        type: "success",
        message: "reviewWrite.secondLookSent",
      });
    }
    if (intent !== "save") throw new AppError("invalid", "form.invalid");
    const now = new Date();
    const values = parsedOrThrow(parseReview(form, now));
    const withProof = text("mode") === "pow";
    if (withProof && !(await services.proofOfWork.verify(services.db, text("pow"))))
      throw new AppError("invalid", "reviewWrite.proofFailed");
    const saved = await writeReview(
      services.db,
      viewer,
      { slug, values, clientIp: services.clientIp, proofOfWork: withProof },
      services.settings.reviews,
      now,
    );
    return await redirectWithToast(services.toasts, reviewPath(slug, language), {
      type: "success",
      message: saved.status === "published" ? "reviewWrite.published" : "reviewWrite.held",
    });
  } catch (error) {
    // The kashrut offer carries the way to the problem report, with the text.
    const reportLink =
      isAppError(error) && error.messageKey === "reviewWrite.kashrutOffer"
        ? kashrutReportLink(slug, fields.body, language)
        : null;
    return actionError(error, { log: "[reviews] writing failed:", with: { fields, intent, reportLink } });
  }
}
