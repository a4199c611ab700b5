// The review of one register snapshot: the steps that apply it (the renewal in one step and its
// undo, the revocations, the listings it does not list, the leads) and its entries by grade, each
// with its paired listing, the matcher's reasons and its own buttons. Plain forms: works without JavaScript.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { MATCH_GRADES, type MatchGrade } from "../../../../../database/register";
import { FormAlert, SubmitButton } from "../../../../components/ui/FormFields";
import { QueueEmpty, StatusPill } from "../../../../components/ui/QueuePage";
import { formatLongDate } from "../../../../lib/dates";
import { localized } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { restaurantPath } from "../../../../lib/paths";
import type { MessageKey } from "../../../../locales/en";
import type { MatchReason } from "../match.server";
import type { ReviewEntry, SnapshotOverview } from "../review.server";

/** A button posting one intent (and the entry or listing it is about) to the review page. */
export function IntentButton({
  intent,
  label,
  fields = {},
  variant = "outline",
}: {
  intent: string;
  label: string;
  fields?: Record<string, string>;
  variant?: "solid" | "outline";
}) {
  return (
    <Form method="post" className="inline">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton intent={intent} busyLabel={label} variant={variant} className="px-3 text-sm">
        {label}
      </SubmitButton>
    </Form>
  );
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="mt-4 rounded-xl border border-stone-200 bg-white p-4" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 flex flex-wrap items-center gap-3">{children}</div>
    </section>
  );
}

/** The steps that apply a snapshot, by its list: the renewal, leads and missing listings, or the revocations. */
export function ApplySteps({ overview }: { overview: SnapshotOverview }) {
  const { language, t } = useLanguage();
  const { snapshot, offer, renewal, openLeads, missing } = overview;
  const date = (day: string) => formatLongDate(day, language);
  // A snapshot not applied yet may be set aside (a wrong file).
  const discard =
    snapshot.status === "pending" ? <IntentButton intent="discard" label={t("register.discard")} /> : null;
  if (snapshot.list === "revoked")
    return (
      <Panel title={t("register.revocations")} testId="register-revocations">
        <IntentButton intent="revoke" label={t("register.applyRevocations")} variant="solid" />
        {discard}
      </Panel>
    );
  return (
    <>
      <Panel title={t("register.renewal")} testId="register-renewal">
        {renewal ? (
          <>
            <p>{t("register.renewedLine", { date: date(renewal.validUntil), count: renewal.count })}</p>
            <IntentButton intent="undo" label={t("register.undo")} fields={{ renewalId: renewal.id }} />
          </>
        ) : offer ? (
          <IntentButton
            intent="renew"
            variant="solid"
            label={t("register.applyRenewal", { date: date(offer.validUntil), count: offer.count })}
          />
        ) : (
          <p>{t("register.noRenewal")}</p>
        )}
        {discard}
      </Panel>
      {openLeads > 0 ? (
        <Panel title={t("register.leads")} testId="register-leads">
          <IntentButton intent="leads" label={t("register.sendAllLeads", { count: openLeads })} />
        </Panel>
      ) : null}
      {snapshot.partial_reason === null ? (
        <Panel title={t("register.missing")} testId="register-missing">
          <p className="w-full text-sm text-stone-700">{t("register.missingIntro")}</p>
          {missing.length === 0 ? <IntentButton intent="flag" label={t("register.flagMissing")} /> : null}
          <ul className="w-full space-y-2">
            {missing.map((listing) => (
              <li key={listing.restaurantId} className="flex flex-wrap items-center gap-3">
                <Link to={restaurantPath(listing.slug, language)} className="text-brand-800 underline">
                  <bdi>{localized({ en: listing.nameEn, he: listing.nameHe ?? undefined }, language)}</bdi>
                </Link>
                {listing.decision ? (
                  <span>{t(`register.decision.${listing.decision}`)}</span>
                ) : (
                  <>
                    <IntentButton
                      intent="kept"
                      label={t("register.keep")}
                      fields={{ restaurantId: listing.restaurantId }}
                    />
                    <IntentButton
                      intent="ended"
                      label={t("register.ended")}
                      fields={{ restaurantId: listing.restaurantId }}
                    />
                  </>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </>
  );
}

/** The grades as links (tabs), each with its count; the current one marked. */
export function GradeTabs({ counts, grade }: { counts: Record<MatchGrade, number>; grade: MatchGrade }) {
  const { t } = useLanguage();
  return (
    <nav aria-label={t("register.grades")} className="mt-6 flex flex-wrap gap-2 border-b border-stone-200 pb-2">
      {MATCH_GRADES.map((value) => (
        <Link
          key={value}
          to={`?grade=${value}`}
          aria-current={value === grade ? "page" : undefined}
          className={
            value === grade
              ? "rounded-md bg-brand-100 px-3 py-1.5 text-sm font-semibold text-brand-900"
              : "rounded-md px-3 py-1.5 text-sm text-stone-700 hover:bg-stone-100"
          }
        >
          {t(`register.grade.${value}`, { count: counts[value] })}
        </Link>
      ))}
    </nav>
  );
}

/** Every reason the matcher gives, and the two an admin's decision adds, in words. */
const REASONS: Record<MatchReason | "confirmed" | "dismissed", MessageKey> = {
  name: "register.reason.name",
  street: "register.reason.street",
  number: "register.reason.number",
  phone: "register.reason.phone",
  sharedAddress: "register.reason.sharedAddress",
  confirmed: "register.reason.confirmed",
  dismissed: "register.reason.dismissed",
  nameSimilar: "register.reason.nameSimilar",
  otherName: "register.reason.otherName",
  otherAddress: "register.reason.otherAddress",
  ambiguous: "register.reason.ambiguous",
  claimed: "register.reason.claimed",
};

/** One register entry: what the register says, its paired listing, why, and what may be done with it. */
export function EntryCard({ entry, error }: { entry: ReviewEntry; error: MessageKey | undefined }) {
  const { language, t } = useLanguage();
  const { listing } = entry;
  const fields = { entryId: entry.id };
  const facts = [
    entry.businessType,
    entry.address,
    entry.phone,
    entry.validUntil ? t("register.validUntil", { date: formatLongDate(entry.validUntil, language) }) : "",
    entry.level ? t(`register.level.${entry.level as "regular" | "mehadrin"}`) : "",
    entry.kind ? t(`register.kind.${entry.kind as "meat" | "dairy" | "parve"}`) : "",
  ].filter(Boolean);
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="register-entry"
      data-grade={entry.grade}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-lg font-semibold">
          <bdi>{entry.name}</bdi>
        </h3>
        {entry.eatery ? <StatusPill tone="border-stone-300 bg-stone-50">{t("register.eatery")}</StatusPill> : null}
        {entry.outcome ? (
          <StatusPill tone="border-green-300 bg-green-50 text-green-900">
            {t(`register.outcome.${entry.outcome as "renewed"}`)}
          </StatusPill>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {facts.map((fact, i) => (
          <span key={i}>
            {i > 0 ? " · " : null}
            <bdi>{fact}</bdi>
          </span>
        ))}
      </p>
      {listing ? (
        <p className="mt-2 text-sm">
          {t("register.pairedWith")}{" "}
          <Link to={restaurantPath(listing.slug, language)} className="font-medium text-brand-800 underline">
            <bdi>{localized({ en: listing.nameEn, he: listing.nameHe ?? undefined }, language)}</bdi>
          </Link>
          {" · "}
          <bdi>{localized({ en: listing.address, he: listing.addressHe ?? undefined }, language)}</bdi>
          {listing.validUntil
            ? ` · ${t("register.listingValidUntil", { date: formatLongDate(listing.validUntil, language) })}`
            : null}
          {listing.revokedOn
            ? ` · ${t("register.revokedOn", { date: formatLongDate(listing.revokedOn, language) })}`
            : null}
        </p>
      ) : null}
      {entry.reasons.length > 0 ? (
        <p className="mt-1 text-sm text-stone-600">
          {t("register.reasons")}:{" "}
          {entry.reasons.map((code) => (code in REASONS ? t(REASONS[code as keyof typeof REASONS]) : code)).join(", ")}
        </p>
      ) : null}
      {error ? <FormAlert>{t(error)}</FormAlert> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {entry.differs && entry.outcome === null ? (
          <>
            <span className="text-sm text-amber-900">{t("register.differs")}</span>
            <IntentButton intent="change" label={t("register.applyChange")} fields={fields} />
          </>
        ) : null}
        {entry.grade === "review" && listing ? (
          <>
            <IntentButton intent="confirm" label={t("register.confirm")} fields={fields} />
            <IntentButton intent="dismiss" label={t("register.notThis")} fields={fields} />
          </>
        ) : null}
        {entry.grade === "new" && entry.outcome === null ? (
          <>
            {entry.eatery ? <IntentButton intent="lead" label={t("register.sendLead")} fields={fields} /> : null}
            <IntentButton intent="dismiss" label={t("register.dismiss")} fields={fields} />
          </>
        ) : null}
      </div>
    </li>
  );
}

export function EntryList({
  entries,
  failed,
}: {
  entries: ReviewEntry[];
  failed: { entryId?: string; error: MessageKey } | undefined;
}) {
  const { t } = useLanguage();
  if (entries.length === 0) return <QueueEmpty>{t("register.noEntries")}</QueueEmpty>;
  return (
    <ul className="mt-4 space-y-3">
      {entries.map((entry) => (
        <EntryCard key={entry.id} entry={entry} error={failed?.entryId === entry.id ? failed.error : undefined} />
      ))}
    </ul>
  );
}
