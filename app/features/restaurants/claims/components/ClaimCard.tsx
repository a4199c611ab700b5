// One claim in the admins' queue: the account (and whether its address is verified), the listing,
// the role, the phone, the note and the proof; approve (confirmed in a dialog, or one post without
// JavaScript) or reject with a reason, or the decision once made.
import { Form, Link, useSubmit } from "react-router";
import type { ClaimStatus } from "../../../../../database/lifecycle";
import { ConfirmDialog } from "../../../../components/ui/ConfirmDialog";
import { FormAlert, SubmitButton, TextAreaField } from "../../../../components/ui/FormFields";
import { StatusPill } from "../../../../components/ui/QueuePage";
import { cn } from "../../../../lib/cn";
import { formatLongDate } from "../../../../lib/dates";
import { localized } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { restaurantPath } from "../../../../lib/paths";
import { useHydrated } from "../../../../lib/use-hydrated";
import type { MessageKey } from "../../../../locales/en";
import type { QueueClaim } from "../queue.server";
import { CLAIM_REASON_MAX } from "../rules";

const STATUS_STYLE: Record<ClaimStatus, string> = {
  open: "border-amber-300 bg-amber-50 text-amber-950",
  approved: "border-brand-600/40 bg-brand-50 text-brand-900",
  rejected: "border-stone-300 bg-stone-100 text-stone-800",
};

const APPROVE_BUTTON =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800";

export function ClaimCard({
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
          <Link
            to={restaurantPath(claim.restaurant.slug, language)}
            className="text-brand-800 underline underline-offset-4"
          >
            <bdi>{name}</bdi>
          </Link>
        </h2>
        <StatusPill tone={STATUS_STYLE[claim.status]}>{t(`claims.status.${claim.status}`)}</StatusPill>
        <span className="text-sm text-stone-600">
          {t("claims.received", { date: formatLongDate(claim.createdAt, language) })}
        </span>
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
                claim.account.emailVerified
                  ? "border-brand-600/40 bg-brand-50 text-brand-900"
                  : "border-red-300 bg-red-50 text-red-900",
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
            <a
              href={`tel:${claim.phone.replace(/[^+\d]/g, "")}`}
              dir="ltr"
              className="text-brand-800 underline underline-offset-4"
            >
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
          <a
            href={claim.proofUrl}
            target="_blank"
            rel="noreferrer"
            className="text-brand-800 underline underline-offset-4"
            data-testid="claim-proof"
          >
            {t("claims.proof")}
          </a>
        ) : (
          // Deleted a set time after the decision (the upload clean-up).
          <span className="text-stone-600">{t("claims.proofDeleted", { days: heldFileDays })}</span>
        )}
      </p>
      {claim.status === "open" && claim.listingOwners > 0 ? (
        <p className="mt-2 text-sm font-medium text-amber-900">
          {t("claims.hasOwners", { count: claim.listingOwners })}
        </p>
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
