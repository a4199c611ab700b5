// The claims queue page's model (/dashboard/claims): what the page shows for a request, and what a
// decision posted from it does. The route checks the permission and renders; the decision and its
// e-mails are decideClaim's.
import { CLAIM_STATUSES, type ClaimStatus } from "../../../../database/lifecycle";
import type { Db } from "../../../../database/types";
import { actionError } from "../../../lib/action-error.server";
import type { AppServices } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { readFormData } from "../../../lib/form-data.server";
import { pageOf, redirectWithToast } from "../../../lib/toast.server";
import { HELD_FILE_DAYS, type Actor } from "../editing/index.server";
import { decideClaim, listClaims, type DecidedClaim } from "./queue.server";

const isStatus = (value: string | null): value is ClaimStatus => CLAIM_STATUSES.includes(value as ClaimStatus);

/** The page's data: one page of claims with the status asked for (open unless asked otherwise; "all": every status). */
export async function claimsQueuePage(db: Db, viewer: Actor, request: Request) {
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("status") ?? "open";
  const status = isStatus(statusParam) ? statusParam : undefined;
  const queue = await listClaims(db, viewer, { status, page: Number(params.get("page") ?? 1) });
  return { ...queue, status: status ?? ("all" as const), heldFileDays: HELD_FILE_DAYS };
}

/** Approves or rejects the claim the form names; back to the page with a toast, or the refusal for the claim's card. */
export async function claimsQueueAction(services: AppServices, viewer: Actor, request: Request) {
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const claimId = String(form.get("claimId") ?? "");
  const reason = String(form.get("reason") ?? "");
  let decided: DecidedClaim;
  try {
    if (intent === "approve") decided = await decideClaim(services, viewer, claimId, { intent });
    else if (intent === "reject") decided = await decideClaim(services, viewer, claimId, { intent, reason });
    // Only a crafted request names another intent.
    else throw new AppError("invalid", "error.unexpected", { subject: intent });
  } catch (error) {
    return actionError(error, { log: "[claims] decision failed:", with: { claimId, reason: reason.slice(0, 2_000) } });
  }
  return redirectWithToast(services.toasts, pageOf(request), {
    type: "success",
    message: decided.status === "approved" ? "claims.approvedToast" : "claims.rejectedToast",
  });
}
