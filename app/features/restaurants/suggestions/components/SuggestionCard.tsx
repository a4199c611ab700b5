// One suggestion in the admins' queue: the visitor's facts (bidi-isolated), the certificate photo,
// the listings with a similar name or address; while it is open, approve (the prefilled form),
// merge into a listing (found by a search) or reject with a reason; once decided, the decision.
import { Form, Link } from "react-router";
import {
  Choice,
  ChoiceGroup,
  FormAlert,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../../components/ui/FormFields";
import { StatusPill } from "../../../../components/ui/QueuePage";
import { cn } from "../../../../lib/cn";
import { formatLongDate } from "../../../../lib/dates";
import { localized } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { restaurantPath } from "../../../../lib/paths";
import { dashboardApprovePath, dashboardEditPath } from "../../../../lib/member-paths";
import type { MessageKey } from "../../../../locales/en";
import { SUGGESTION_FIELD_MAX } from "../limits";
import type { QueueSuggestion, SimilarListing } from "../suggestions.server";

const STATUS_STYLE: Record<QueueSuggestion["status"], string> = {
  open: "border-amber-300 bg-amber-50 text-amber-950",
  approved: "border-brand-600/40 bg-brand-50 text-brand-900",
  merged: "border-sky-300 bg-sky-50 text-sky-950",
  rejected: "border-stone-300 bg-stone-100 text-stone-800",
};

interface Answer {
  suggestionId?: string;
  intent?: string;
  reason?: string;
  error?: MessageKey;
  errors?: Record<string, MessageKey>;
}

function ListingName({ listing }: { listing: Pick<SimilarListing, "nameEn" | "nameHe"> }) {
  const { language } = useLanguage();
  return <bdi>{localized({ en: listing.nameEn, he: listing.nameHe ?? undefined }, language)}</bdi>;
}

export function SuggestionCard({
  suggestion,
  found,
  answer,
}: {
  suggestion: QueueSuggestion;
  found: { term: string; listings: SimilarListing[] } | null;
  answer: Answer | undefined;
}) {
  const { language, t } = useLanguage();
  const names = [suggestion.nameEn, suggestion.nameHe].filter(Boolean);
  const idOf = (part: string) => `suggestion-${suggestion.id}-${part}`;
  const candidates = [
    ...suggestion.similar,
    ...(found?.listings ?? []).filter((listing) => !suggestion.similar.some((similar) => similar.id === listing.id)),
  ];
  const link = "text-brand-800 underline underline-offset-4";
  return (
    <li
      className="min-w-0 rounded-xl border border-stone-200 bg-white p-4"
      data-testid="suggestion-row"
      data-status={suggestion.status}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="min-w-0 text-lg font-semibold break-words">
          {names.map((name, index) => (
            <span key={index}>
              {index > 0 ? " · " : null}
              <bdi>{name}</bdi>
            </span>
          ))}
        </h2>
        <StatusPill tone={STATUS_STYLE[suggestion.status]}>{t(`suggestions.status.${suggestion.status}`)}</StatusPill>
        <span className="text-sm text-stone-600">
          {t("suggestions.received", { date: formatLongDate(suggestion.createdAt, language) })}
        </span>
        <span className="text-sm text-stone-600">{t(`suggestions.language.${suggestion.language}`)}</span>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-stone-700">{t("suggest.address")}</dt>
        <dd className="break-words" data-testid="suggestion-address">
          <bdi>{suggestion.address}</bdi>
        </dd>
        {suggestion.kashrut ? (
          <>
            <dt className="font-medium text-stone-700">{t("suggestions.kashrut")}</dt>
            <dd className="break-words">
              <bdi>{suggestion.kashrut}</bdi>
            </dd>
          </>
        ) : null}
        {suggestion.link ? (
          <>
            <dt className="font-medium text-stone-700">{t("suggestions.link")}</dt>
            <dd className="min-w-0 break-all">
              <a
                href={suggestion.link}
                dir="ltr"
                rel="nofollow noopener noreferrer ugc"
                target="_blank"
                className={link}
              >
                {suggestion.link}
              </a>
            </dd>
          </>
        ) : null}
        {suggestion.note ? (
          <>
            <dt className="font-medium text-stone-700">{t("suggestions.note")}</dt>
            <dd className="break-words whitespace-pre-line">
              <bdi>{suggestion.note}</bdi>
            </dd>
          </>
        ) : null}
        {suggestion.email ? (
          <>
            <dt className="font-medium text-stone-700">{t("suggestions.replyTo")}</dt>
            <dd className="min-w-0 break-all">
              <a href={`mailto:${suggestion.email}`} dir="ltr" className={link}>
                {suggestion.email}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      {suggestion.proofOfWork ? null : (
        <p className="mt-1 text-sm font-medium text-amber-900" data-testid="suggestion-basic">
          {t("suggestions.noProof")}
        </p>
      )}
      <div className="mt-2">
        {suggestion.certificateUrl ? (
          <a
            href={suggestion.certificateUrl}
            target="_blank"
            rel="noopener"
            className={cn(link, "inline-flex items-center gap-2 text-sm")}
            data-testid="suggestion-certificate"
          >
            <img
              src={suggestion.certificateUrl}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="h-16 w-16 rounded border border-stone-200 object-cover"
            />
            {t("suggestions.certificate")}
          </a>
        ) : (
          <p className="text-sm text-stone-600">{t("suggestions.noCertificate")}</p>
        )}
      </div>
      {suggestion.status === "open" ? (
        <OpenActions suggestion={suggestion} candidates={candidates} found={found} answer={answer} idOf={idOf} />
      ) : (
        <div className="mt-3 border-t border-stone-100 pt-3 text-sm">
          {suggestion.decidedAt ? (
            <p>{t("suggestions.decidedOn", { date: formatLongDate(suggestion.decidedAt, language) })}</p>
          ) : null}
          {suggestion.restaurant ? (
            <p>
              {t("suggestions.listing")}:{" "}
              <Link to={restaurantPath(suggestion.restaurant.slug, language)} className={link}>
                <ListingName listing={suggestion.restaurant} />
              </Link>
            </p>
          ) : null}
          {suggestion.decisionNote ? (
            <p className="whitespace-pre-line" dir="auto">
              {suggestion.decisionNote}
            </p>
          ) : null}
        </div>
      )}
    </li>
  );
}

function OpenActions({
  suggestion,
  candidates,
  found,
  answer,
  idOf,
}: {
  suggestion: QueueSuggestion;
  candidates: SimilarListing[];
  found: { term: string; listings: SimilarListing[] } | null;
  answer: Answer | undefined;
  idOf: (part: string) => string;
}) {
  const { language, t } = useLanguage();
  const link = "text-brand-800 underline underline-offset-4";
  const failed = (intent: "merge" | "reject") => (answer?.intent === intent && answer.error ? answer : undefined);
  const mergeFailed = failed("merge");
  const rejectFailed = failed("reject");
  return (
    <div className="mt-3 space-y-4 border-t border-stone-100 pt-3">
      <Link
        to={dashboardApprovePath(suggestion.id, language)}
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        data-testid="suggestion-approve"
      >
        {t("suggestions.approve")}
      </Link>
      <section aria-labelledby={idOf("similar")}>
        <h3 id={idOf("similar")} className="font-semibold">
          {t("suggestions.similar")}
        </h3>
        {suggestion.similar.length === 0 ? (
          <p className="text-sm text-stone-600">{t("suggestions.noSimilar")}</p>
        ) : null}
      </section>
      <Form method="post" className="space-y-2" data-testid="suggestion-merge">
        <input type="hidden" name="suggestionId" value={suggestion.id} />
        {mergeFailed?.error ? <FormAlert>{t(mergeFailed.errors?.restaurantId ?? mergeFailed.error)}</FormAlert> : null}
        {candidates.length > 0 ? (
          <ChoiceGroup legend={t("suggestions.mergeTitle")} id={idOf("merge")} listClassName="mt-1 grid gap-1">
            {candidates.map((listing) => (
              <div key={listing.id} className="flex flex-wrap items-center gap-x-3">
                <Choice
                  type="radio"
                  name="restaurantId"
                  value={listing.id}
                  label={
                    <span className="min-w-0 break-words">
                      <ListingName listing={listing} /> · <bdi>{listing.address}</bdi>
                    </span>
                  }
                  className="flex min-h-11 min-w-0 cursor-pointer items-center gap-2"
                />
                <Link to={restaurantPath(listing.slug, language)} className={cn(link, "text-sm")} target="_blank">
                  {t("reports.viewListing")}
                </Link>
                <Link to={dashboardEditPath(listing.id, language)} className={cn(link, "text-sm")}>
                  {t("reports.edit")}
                </Link>
              </div>
            ))}
          </ChoiceGroup>
        ) : null}
        {candidates.length > 0 ? (
          <SubmitButton intent="merge" busyLabel={t("suggestions.merge")} variant="outline" className="px-4 text-sm">
            {t("suggestions.merge")}
          </SubmitButton>
        ) : null}
      </Form>
      <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="suggestion-find">
        <input type="hidden" name="for" value={suggestion.id} />
        <TextField
          label={t("suggestions.findLabel")}
          name="find"
          id={idOf("find")}
          dir="auto"
          defaultValue={found?.term}
          maxLength={200}
        />
        <button
          type="submit"
          className="min-h-11 rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50"
        >
          {t("suggestions.find")}
        </button>
        {found && found.listings.length === 0 ? (
          <p className="w-full text-sm text-stone-600">{t("suggestions.nothingFound")}</p>
        ) : null}
      </Form>
      <Form method="post" className="space-y-2" data-testid="suggestion-reject">
        <input type="hidden" name="suggestionId" value={suggestion.id} />
        {rejectFailed?.error && !rejectFailed.errors ? <FormAlert>{t(rejectFailed.error)}</FormAlert> : null}
        <TextAreaField
          label={t("suggestions.reason")}
          name="reason"
          id={idOf("reason")}
          rows={2}
          maxLength={SUGGESTION_FIELD_MAX.note}
          dir="auto"
          defaultValue={rejectFailed?.reason}
          error={rejectFailed?.errors?.reason ? t(rejectFailed.errors.reason) : undefined}
        />
        <SubmitButton intent="reject" busyLabel={t("suggestions.reject")} variant="neutral" className="px-4 text-sm">
          {t("suggestions.reject")}
        </SubmitButton>
      </Form>
    </div>
  );
}
