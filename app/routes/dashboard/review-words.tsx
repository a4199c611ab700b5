// /dashboard/reviews/words and /he/dashboard/reviews/words — the watched words, admins only: a
// review whose text holds one waits for an admin. List, add (folded as search folds text; a
// duplicate is refused with a message), remove. Plain posts: works without JavaScript.
import { Form } from "react-router";
import type { Route } from "./+types/review-words";
import { BackLink } from "../../components/ui/BackLink";
import { FormAlert, SubmitButton, TextField } from "../../components/ui/FormFields";
import { QueueEmpty, QueuePage } from "../../components/ui/QueuePage";
import { watchedWordsAction, watchedWordsPage } from "../../features/restaurants/reviews/queue-page.server";
import { WATCHED_WORD_MAX } from "../../../database/reviews";
import { servicesContext } from "../../lib/context";
import { formatLongDate } from "../../lib/dates";
import { useLanguage } from "../../lib/i18n/use-language";
import { dashboardReviewsPath } from "../../lib/member-paths";
import { requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "reviews:moderate");
  return watchedWordsPage(context.get(servicesContext).db, viewer);
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "reviews:moderate");
  return watchedWordsAction(context.get(servicesContext), viewer, request);
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "reviewQueue.words.title");
}

export default function ReviewWords({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t, ti } = useLanguage();
  const { words } = loaderData;
  const failed = actionData && "error" in actionData ? actionData : undefined;
  const addFailed = failed?.intent === "add" ? failed : undefined;
  return (
    <QueuePage id="review-words-title" title={t("reviewQueue.words.title")}>
      <BackLink to={dashboardReviewsPath(language)}>{t("reviewQueue.words.back")}</BackLink>
      <p className="mt-2 text-stone-700">{t("reviewQueue.words.intro")}</p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <TextField
          label={t("reviewQueue.words.label")}
          name="word"
          id="watched-word"
          dir="auto"
          maxLength={WATCHED_WORD_MAX}
          required
          defaultValue={addFailed?.word ?? ""}
          error={addFailed ? t(addFailed.error, addFailed.values ?? {}) : undefined}
        />
        <SubmitButton intent="add" busyLabel={t("reviewQueue.words.adding")}>
          {t("reviewQueue.words.add")}
        </SubmitButton>
      </Form>
      {failed && failed.intent !== "add" ? (
        <div className="mt-3">
          <FormAlert>{t(failed.error)}</FormAlert>
        </div>
      ) : null}
      <p className="mt-4 text-sm text-stone-600" data-testid="watched-words-count">
        {t("reviewQueue.words.count", { count: words.length })}
      </p>
      {words.length === 0 ? (
        <QueueEmpty>{t("reviewQueue.words.none")}</QueueEmpty>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
          {words.map((word) => (
            <li key={word.word} className="flex flex-wrap items-center gap-3 p-3" data-testid="watched-word">
              <span className="font-semibold" dir="auto">
                {word.word}
              </span>
              <span className="text-sm text-stone-600">
                {ti("reviewQueue.words.addedBy", {
                  who: word.addedBy ?? "—",
                  date: formatLongDate(word.addedAt, language),
                })}
              </span>
              <Form method="post" className="ms-auto">
                <input type="hidden" name="word" value={word.word} />
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  aria-label={t("reviewQueue.words.removeLabel", { word: word.word })}
                  className="min-h-11 rounded-lg px-4 font-medium text-red-800 ring-1 ring-red-700 hover:bg-red-50"
                >
                  {t("reviewQueue.words.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </QueuePage>
  );
}
