// /dashboard/suggestions and /he/dashboard/suggestions — the admins' queue of suggested restaurants.
// Each open suggestion shows the visitor's facts (bidi-isolated), the certificate photo, and the
// listings with a similar name or address; an admin approves it (the new-restaurant form,
// prefilled: /dashboard/add?suggestion=…), merges it into an existing listing, or rejects it with a
// reason. The page model (suggestions/queue-page.server.ts) reads the page and the decisions; the
// domain function decides and tells the visitor, if they left an address, in their language. Every
// action checks permission itself (requirePermission, then the domain functions' own assertCan).
import type { Route } from "./+types/suggestions";
import { SelectField } from "../../components/ui/FormFields";
import { Pager } from "../../components/ui/Pager";
import { QueueEmpty, QueueFilters, QueuePage } from "../../components/ui/QueuePage";
import { SuggestionCard } from "../../features/restaurants/suggestions/components/SuggestionCard";
import { suggestionsQueueAction, suggestionsQueuePage } from "../../features/restaurants/suggestions/queue-page.server";
import { servicesContext } from "../../lib/context";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "suggestions:manage");
  return suggestionsQueuePage(context.get(servicesContext).db, viewer, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "suggestions:manage");
  return suggestionsQueueAction(context.get(servicesContext), viewer, request);
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "suggestions.title");
}

export default function Suggestions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { suggestions, total, page, pages, view, found } = loaderData;
  return (
    <QueuePage id="suggestions-title" title={t("suggestions.title")}>
      <QueueFilters
        submit={t("reports.filter")}
        count={t("suggestions.count", { count: total })}
        countTestId="suggestions-total"
      >
        <SelectField label={t("suggestions.view")} name="view" id="suggestions-view" defaultValue={view}>
          {(["open", "decided"] as const).map((value) => (
            <option key={value} value={value}>
              {t(`suggestions.view.${value}`)}
            </option>
          ))}
        </SelectField>
      </QueueFilters>
      {suggestions.length === 0 ? (
        <QueueEmpty>{t("suggestions.none")}</QueueEmpty>
      ) : (
        <ul className="mt-4 space-y-3">
          {suggestions.map((suggestion) => (
            <SuggestionCard
              key={suggestion.id}
              suggestion={suggestion}
              found={found?.for === suggestion.id ? found : null}
              answer={actionData?.suggestionId === suggestion.id ? actionData : undefined}
            />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pages}
        href={(n: number) => `?${new URLSearchParams({ view, page: String(n) }).toString()}`}
      />
    </QueuePage>
  );
}
