// /dashboard/claims and /he/dashboard/claims — the claims queue (ADR 023), admins only: each claim
// with the account, the listing, the role, the phone, the proof and the note; approve (one click,
// confirmed) or reject with a reason. The claimant is e-mailed in the claim's language. Every action
// checks permission itself (requirePermission, then the domain functions' own assertCan).
import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/claims";
import { CLAIM_STATUSES, type ClaimStatus } from "../../../database/lifecycle";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { useHydrated } from "../../lib/use-hydrated";
import { FormAlert, SelectField, SubmitButton, TextAreaField } from "../../components/ui/FormFields";
import { Pager } from "../../components/ui/Pager";
import { approveClaim, listClaims, rejectClaim, type DecidedClaim, type QueueClaim } from "../../features/restaurants/claims/queue.server";
import { CLAIM_REASON_MAX } from "../../features/restaurants/claims/rules";
import { HELD_FILE_DAYS } from "../../features/restaurants/editing/held-files.server";
import { actionError } from "../../lib/action-error.server";
import { servicesContext } from "../../lib/context";
import { formatLongDate } from "../../lib/dates";
import { claimDecisionEmail } from "../../lib/emails";
import { AppError } from "../../lib/errors";
import { readFormData } from "../../lib/form-data.server";
import { localized } from "../../lib/i18n/language";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { claimPath, dashboardPath, restaurantPath } from "../../lib/paths";
import { noindexPageMeta } from "../../lib/seo";
import { pageOf, redirectWithToast } from "../../lib/toast.server";
import type { MessageKey } from "../../locales/en";
import { cn } from "../../lib/cn";

const isStatus = (value: string | null): value is ClaimStatus => CLAIM_STATUSES.includes(value as ClaimStatus);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "claims:manage");
  const params = new URL(request.url).searchParams;
  // Open claims unless asked otherwise ("all": every status).
  const statusParam = params.get("status") ?? "open";
  const status = isStatus(statusParam) ? statusParam : undefined;
  const queue = await listClaims(context.get(servicesContext).db, viewer, { status, page: Number(params.get("page") ?? 1) });
  return { ...queue, status: status ?? ("all" as const), heldFileDays: HELD_FILE_DAYS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "claims:manage");
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const claimId = String(form.get("claimId") ?? "");
  const reason = String(form.get("reason") ?? "");
  let decided: DecidedClaim & { closed?: DecidedClaim[] };
  try {
    if (intent === "approve") decided = await approveClaim(services.db, viewer, claimId);
    else if (intent === "reject") decided = await rejectClaim(services.db, viewer, claimId, reason);
    // Only a crafted request names another intent.
    else throw new AppError("invalid", "error.unexpected", { subject: intent });
  } catch (error) {
    return actionError(error, { log: "[claims] decision failed:", with: { claimId, reason: reason.slice(0, 2_000) } });
  }
  // The answers are sent after the decision is kept: failing to send one does not undo it. An
  // approval also tells the claimants whose open claims on the listing it closed.
  for (const one of [decided, ...(decided.closed ?? [])]) {
    const { language } = one;
    const link = `${services.settings.publicUrl}${one.status === "approved" ? dashboardPath(language) : claimPath(one.restaurant.slug, language)}`;
    const content = claimDecisionEmail({
      language,
      outcome: one.status,
      restaurant: localized(one.restaurant.name, language),
      reason: one.reason,
      link,
    });
    await services.sendEmail(one.email, content).catch((error: unknown) => {
      console.error("[claims] decision e-mail failed:", error);
    });
  }
  return redirectWithToast(services.toasts, pageOf(request), {
    type: "success",
    message: decided.status === "approved" ? "claims.approvedToast" : "claims.rejectedToast",
  });
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "claims.title");
}

export default function Claims({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { claims, total, page, pages, status, heldFileDays } = loaderData;
  const query = (changes: Record<string, string>) => `?${new URLSearchParams({ status, ...changes }).toString()}`;
  const failed = actionData && "error" in actionData ? actionData : undefined;
  return (
    <section aria-labelledby="claims-title">
      <h1 id="claims-title" className="text-2xl font-extrabold">
        {t("claims.title")}
      </h1>
      <p className="mt-2 text-stone-700">{t("claims.intro")}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField label={t("claims.status")} name="status" id="claims-status" defaultValue={status}>
          {(["open", "approved", "rejected", "all"] as const).map((value) => (
            <option key={value} value={value}>
              {t(`claims.status.${value}`)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="min-h-11 rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50">
          {t("claims.filter")}
        </button>
        <p className="ms-auto text-sm text-stone-600" data-testid="claims-total">
          {t("claims.count", { count: total })}
        </p>
      </Form>
      {claims.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("claims.none")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {claims.map((claim) => (
            <ClaimCard
              key={claim.id}
              heldFileDays={heldFileDays}
              claim={claim}
              error={failed?.claimId === claim.id ? failed.error : undefined}
              reasonError={failed?.claimId === claim.id ? failed.errors?.reason : undefined}
              reason={failed?.claimId === claim.id ? failed.reason : ""}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(n: number) => query({ page: String(n) })} />
    </section>
  );
}

const STATUS_STYLE: Record<ClaimStatus, string> = {
  open: "border-amber-300 bg-amber-50 text-amber-950",
  approved: "border-brand-600/40 bg-brand-50 text-brand-900",
  rejected: "border-stone-300 bg-stone-100 text-stone-800",
};

const APPROVE_BUTTON = "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800";

function ClaimCard({
  claim,
  heldFileDays,
  error,
  reasonError,
  reason,
}: {
  claim: QueueClaim;
  heldFileDays: number;
  error: MessageKey | undefined;
  reasonError: MessageKey | undefined;
  reason: string;
}) {
  const { language, t } = useLanguage();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const name = localized({ en: claim.restaurant.nameEn, he: claim.restaurant.nameHe ?? undefined }, language);
  const row = "grid gap-x-3 sm:grid-cols-[10rem_1fr]";
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" data-testid="claim-row" data-status={claim.status}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold">
          <Link to={restaurantPath(claim.restaurant.slug, language)} className="text-brand-800 underline underline-offset-4">
            <bdi>{name}</bdi>
          </Link>
        </h2>
        <span className={cn("rounded-full border px-2 py-0.5 text-xs font-semibold", STATUS_STYLE[claim.status])}>{t(`claims.status.${claim.status}`)}</span>
        <span className="text-sm text-stone-600">{t("claims.received", { date: formatLongDate(claim.createdAt, language) })}</span>
      </div>
      <dl className="mt-2 space-y-1 text-sm">
        <div className={row}>
          <dt className="font-medium text-stone-700">{t("claims.account")}</dt>
          <dd className="min-w-0 break-words">
            <a href={`mailto:${claim.account.email}`} dir="ltr" className="text-brand-800 underline underline-offset-4">
              {claim.account.email}
            </a>
            {claim.account.name ? (
              <>
                {" · "}
                <bdi>{claim.account.name}</bdi>
              </>
            ) : null}{" "}
            <span
              data-testid="claim-email-state"
              data-verified={claim.account.emailVerified ? "yes" : "no"}
              className={cn(
                "ms-1 inline-block rounded-full border px-2 py-0.5 text-xs font-semibold",
                claim.account.emailVerified ? "border-brand-600/40 bg-brand-50 text-brand-900" : "border-red-300 bg-red-50 text-red-900",
              )}
            >
              {claim.account.emailVerified ? t("claims.emailVerified") : t("claims.emailNotVerified")}
            </span>
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-stone-700">{t("claims.roleAt")}</dt>
          <dd className="min-w-0 break-words" dir="auto">
            {claim.role}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-stone-700">{t("claims.phone")}</dt>
          <dd>
            <a href={`tel:${claim.phone.replace(/[^+\d]/g, "")}`} dir="ltr" className="text-brand-800 underline underline-offset-4">
              {claim.phone}
            </a>
          </dd>
        </div>
        {claim.note ? (
          <div className={row}>
            <dt className="font-medium text-stone-700">{t("claims.note")}</dt>
            <dd className="min-w-0 whitespace-pre-line break-words" dir="auto" data-testid="claim-note">
              {claim.note}
            </dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className="font-medium text-stone-700">{t("claims.language")}</dt>
          <dd>{claim.language === "he" ? "עברית" : "English"}</dd>
        </div>
      </dl>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {claim.proofUrl ? (
          <a href={claim.proofUrl} target="_blank" rel="noreferrer" className="text-brand-800 underline underline-offset-4" data-testid="claim-proof">
            {t("claims.proof")}
          </a>
        ) : (
          // Deleted a set time after the decision (the upload clean-up).
          <span className="text-stone-600">{t("claims.proofDeleted", { days: heldFileDays })}</span>
        )}
      </p>
      {claim.status === "open" && claim.listingOwners > 0 ? (
        <p className="mt-2 text-sm font-medium text-amber-900">{t("claims.hasOwners", { count: claim.listingOwners })}</p>
      ) : null}
      {claim.status !== "open" ? (
        <div className="mt-2 border-t border-stone-100 pt-2 text-sm text-stone-700">
          <p>
            {t("claims.decided", {
              status: t(`claims.status.${claim.status}`),
              who: claim.decidedBy ?? "—",
              date: claim.decidedAt ? formatLongDate(claim.decidedAt, language) : "",
            })}
          </p>
          {claim.decisionNote ? (
            <p className="whitespace-pre-line" dir="auto">
              {claim.decisionNote}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="mt-3 space-y-3 border-t border-stone-100 pt-3">
          {/* A refusal about the reason is said under its field; any other above the actions. */}
          {error && !reasonError ? <FormAlert>{t(error)}</FormAlert> : null}
          {hydrated ? (
            <ConfirmDialog
              trigger={
                <button type="button" className={APPROVE_BUTTON}>
                  {t("claims.approve")}
                </button>
              }
              title={t("claims.approveTitle")}
              body={t("claims.approveBody", { email: claim.account.email, name })}
              confirmLabel={t("claims.approve")}
              cancelLabel={t("claims.cancel")}
              onConfirm={() => void submit({ intent: "approve", claimId: claim.id }, { method: "post" })}
            />
          ) : (
            // Without JavaScript the button posts the approval itself (no dialog to confirm it in).
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="claimId" value={claim.id} />
              <button type="submit" className={APPROVE_BUTTON}>
                {t("claims.approve")}
              </button>
            </Form>
          )}
          <Form method="post" className="space-y-2" noValidate>
            <input type="hidden" name="claimId" value={claim.id} />
            <TextAreaField
              label={t("claims.reason")}
              name="reason"
              id={`claim-reason-${claim.id}`}
              rows={2}
              maxLength={CLAIM_REASON_MAX}
              dir="auto"
              required
              defaultValue={reason}
              error={reasonError ? t(reasonError) : undefined}
            />
            <SubmitButton intent="reject" busyLabel={t("claims.reject")} variant="neutral" className="px-4 text-sm">
              {t("claims.reject")}
            </SubmitButton>
          </Form>
        </div>
      )}
    </li>
  );
}
