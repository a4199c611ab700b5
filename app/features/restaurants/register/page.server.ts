// The register pages' models (ADR 033): the import page's upload turned into importRegister, and the
// review page's data (overview and one page of entries of one grade) and its buttons, each a domain
// call answered with a redirect and a toast, or actionError's refusal for the page.
import { MATCH_GRADES, type MatchGrade } from "../../../../database/register";
import { actionError } from "../../../lib/action-error.server";
import type { AppServices } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { readFileForm, readFormData } from "../../../lib/form-data.server";
import { formText } from "../../../lib/form-rules";
import { detectLanguage, localizePath } from "../../../lib/i18n/language";
import { pageOf, redirectWithToast } from "../../../lib/toast.server";
import type { MessageKey } from "../../../locales/en";
import type { Actor } from "../editing/index.server";
import {
  applyEntryChange,
  applyRenewal,
  confirmEntry,
  discardSnapshot,
  dismissEntry,
  markApplied,
  sendLeads,
  undoRenewal,
} from "./apply.server";
import { importRegister } from "./import.server";
import { decideMissing, flagMissing } from "./missing.server";
import { ENTRIES_PER_PAGE, reviewEntries, snapshotOverview } from "./review.server";
import { applyRevocations } from "./revocations.server";

/** The review page of a snapshot, in the request's language. */
export const registerReviewPath = (path: string, snapshotId: string): string =>
  localizePath(`/dashboard/register/${snapshotId}`, detectLanguage(path));

/** The import form posted: the snapshot kept (to its review page) or the refusal, with what was typed. */
export async function registerImportAction(services: AppServices, viewer: Actor, request: Request) {
  const { form, tooLarge } = await readFileForm(request, services.oversizedForm);
  const text = formText(form);
  const typed = { publishedOn: text("publishedOn").slice(0, 20), overrideReason: text("overrideReason").slice(0, 600) };
  try {
    if (tooLarge)
      throw new AppError("tooLarge", "register.fileTooLarge", { fieldErrors: { file: "register.fileTooLarge" } });
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      throw new AppError("invalid", "register.fileRequired", { fieldErrors: { file: "register.fileRequired" } });
    const imported = await importRegister(services, viewer, {
      fileName: file.name,
      data: Buffer.from(await file.arrayBuffer()),
      publishedOn: typed.publishedOn,
      overrideReason: typed.overrideReason,
    });
    return redirectWithToast(services.toasts, registerReviewPath(new URL(request.url).pathname, imported.snapshotId), {
      type: "success",
      message: "register.imported",
    });
  } catch (error) {
    return actionError(error, { log: "[register] import failed:", with: typed });
  }
}

/** The grade asked for (?grade=); when none or not one, the first grade with entries (exact when all are empty). */
const gradeOf = (value: string | null, counts: Record<MatchGrade, number>): MatchGrade =>
  MATCH_GRADES.find((grade) => grade === value) ?? MATCH_GRADES.find((grade) => counts[grade] > 0) ?? "exact";

/** The review page's data: the overview, and the entries of the grade asked (?grade=, ?page=). */
export async function registerReviewPage(services: AppServices, viewer: Actor, request: Request, snapshotId: string) {
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1;
  const overview = await snapshotOverview(services.db, viewer, snapshotId);
  const grade = gradeOf(url.searchParams.get("grade"), overview.counts);
  const { entries, total } = await reviewEntries(services.db, viewer, snapshotId, grade, page);
  return { ...overview, grade, page, pages: Math.max(1, Math.ceil(total / ENTRIES_PER_PAGE)), entries };
}

/** Each button of the review page: what it calls, and what the toast says when it is done. */
const INTENTS: Record<
  string,
  {
    run: (services: AppServices, viewer: Actor, snapshotId: string, form: (name: string) => string) => Promise<unknown>;
    done: MessageKey;
  }
> = {
  // The renewal, then (a complete register only) its Rabbinate listings it does not list are flagged
  // and their owners e-mailed, once the renewal is committed.
  renew: {
    run: async (s, v, id) => {
      await applyRenewal(s, v, id);
      await flagMissing(s, v, id);
    },
    done: "register.renewed",
  },
  undo: { run: (s, v, _id, f) => undoRenewal(s, v, f("renewalId")), done: "register.undone" },
  change: { run: (s, v, _id, f) => applyEntryChange(s, v, f("entryId")), done: "register.changeApplied" },
  confirm: { run: (s, v, _id, f) => confirmEntry(s, v, f("entryId")), done: "register.confirmed" },
  dismiss: { run: (s, v, _id, f) => dismissEntry(s, v, f("entryId")), done: "register.dismissed" },
  lead: { run: (s, v, id, f) => sendLeads(s, v, id, f("entryId")), done: "register.leadsSent" },
  leads: { run: (s, v, id) => sendLeads(s, v, id, null), done: "register.leadsSent" },
  discard: { run: (s, v, id) => discardSnapshot(s, v, id), done: "register.discarded" },
  revoke: {
    run: async (s, v, id) => {
      await applyRevocations(s, v, id);
      await markApplied(s, v, id);
    },
    done: "register.revocationsApplied",
  },
  flag: { run: (s, v, id) => flagMissing(s, v, id), done: "register.flagged" },
  kept: { run: (s, v, id, f) => decideMissing(s, v, id, f("restaurantId"), "kept"), done: "register.decisionSaved" },
  ended: { run: (s, v, id, f) => decideMissing(s, v, id, f("restaurantId"), "ended"), done: "register.decisionSaved" },
};

/** A review page's button posted: its domain call, then back to the page with a toast, or the refusal. */
export async function registerReviewAction(services: AppServices, viewer: Actor, request: Request, snapshotId: string) {
  const form = await readFormData(request);
  const text = formText(form);
  const intent = INTENTS[text("intent")];
  const target = { entryId: text("entryId").slice(0, 40), restaurantId: text("restaurantId").slice(0, 40) };
  try {
    if (!intent || !Object.hasOwn(INTENTS, text("intent"))) throw new AppError("invalid", "form.invalid");
    await intent.run(services, viewer, snapshotId, text);
  } catch (error) {
    return actionError(error, { log: "[register] review action failed:", with: target });
  }
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: intent.done });
}
