// The register's import page: the upload form (the file, its publication day, and the reason for
// keeping a partial list, shown once the server says it looks partial) and the snapshots kept.
// A plain multipart form: works without JavaScript.
import { Form, Link } from "react-router";
import type { SnapshotStatus } from "../../../../../database/register";
import { FormAlert, SubmitButton, TextAreaField, TextField } from "../../../../components/ui/FormFields";
import { QueueEmpty, StatusPill } from "../../../../components/ui/QueuePage";
import { formatLongDate } from "../../../../lib/dates";
import { localizePath } from "../../../../lib/i18n/language";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";

export interface ImportAnswer {
  error: MessageKey;
  errors?: Record<string, MessageKey>;
  values?: Record<string, string | number>;
  publishedOn: string;
  overrideReason: string;
}

export function RegisterImportForm({ today, answer }: { today: string; answer: ImportAnswer | undefined }) {
  const { t } = useLanguage();
  const partial = answer?.errors?.overrideReason !== undefined || (answer?.overrideReason ?? "") !== "";
  return (
    <Form method="post" encType="multipart/form-data" className="mt-4 max-w-xl space-y-4" data-testid="register-import">
      {answer ? <FormAlert>{t(answer.error, answer.values)}</FormAlert> : null}
      <TextField
        label={t("register.file")}
        name="file"
        id="register-file"
        type="file"
        accept=".csv,.html,.htm,.json,.txt,text/csv,text/html,application/json"
        required
        hint={t("register.fileHint")}
        error={answer?.errors?.file ? t(answer.errors.file) : undefined}
      />
      <TextField
        label={t("register.publishedOn")}
        name="publishedOn"
        id="register-published-on"
        type="date"
        dir="ltr"
        max={today}
        defaultValue={answer?.publishedOn ?? ""}
        hint={t("register.publishedOnHint")}
        error={answer?.errors?.publishedOn ? t(answer.errors.publishedOn) : undefined}
      />
      {partial ? (
        <TextAreaField
          label={t("register.overrideReason")}
          name="overrideReason"
          id="register-override"
          rows={3}
          maxLength={500}
          defaultValue={answer?.overrideReason ?? ""}
          hint={t("register.overrideHint")}
          error={answer?.errors?.overrideReason ? t(answer.errors.overrideReason) : undefined}
        />
      ) : null}
      <SubmitButton busyLabel={t("register.import")}>{t("register.import")}</SubmitButton>
    </Form>
  );
}

export interface ListedSnapshot {
  id: string;
  list: "register" | "revoked";
  published_on: string;
  file_name: string;
  row_count: number;
  status: SnapshotStatus;
  partial_reason: string | null;
  override_reason: string | null;
}

const TONE: Record<SnapshotStatus, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  applied: "border-green-300 bg-green-50 text-green-900",
  discarded: "border-stone-300 bg-stone-50 text-stone-700",
};

export function SnapshotList({ snapshots }: { snapshots: ListedSnapshot[] }) {
  const { language, t, ti } = useLanguage();
  if (snapshots.length === 0) return <QueueEmpty>{t("register.noSnapshots")}</QueueEmpty>;
  return (
    <ul className="mt-4 space-y-3">
      {snapshots.map((snapshot) => (
        <li
          key={snapshot.id}
          className="rounded-xl border border-stone-200 bg-white p-4"
          data-testid="register-snapshot"
          data-status={snapshot.status}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="text-lg font-semibold">
              {t("register.asPublished", { date: formatLongDate(snapshot.published_on, language) })}
            </h3>
            <StatusPill tone="border-stone-300 bg-stone-50 text-stone-800">
              {t(`register.list.${snapshot.list}`)}
            </StatusPill>
            <StatusPill tone={TONE[snapshot.status]}>{t(`register.status.${snapshot.status}`)}</StatusPill>
          </div>
          <p className="mt-1 text-sm text-stone-700">
            <bdi dir="ltr">{snapshot.file_name}</bdi> · {t("register.rows", { count: snapshot.row_count })}
          </p>
          {snapshot.override_reason ? (
            <p className="mt-1 text-sm text-stone-700">
              {ti("register.keptPartial", { reason: snapshot.override_reason })}
            </p>
          ) : null}
          <Link
            to={localizePath(`/dashboard/register/${snapshot.id}`, language)}
            className="mt-2 inline-block text-brand-800 underline underline-offset-4"
          >
            {t("register.review")}
          </Link>
        </li>
      ))}
    </ul>
  );
}
