// /dashboard/suggestions and /he/dashboard/suggestions — the admins' queue of suggested restaurants.
// Each open suggestion shows the visitor's facts (bidi-isolated), the certificate photo, and the
// listings with a similar name or address; an admin approves it (the new-restaurant form,
// prefilled: /dashboard/add?suggestion=…), merges it into an existing listing, or rejects it with a
// reason. The page model (suggestions/queue-page.server.ts) reads the page and the decisions; the
// domain function decides and tells the visitor, if they left an address, in their language. Every
// action checks permission itself (requirePermission, then the domain functions' own assertCan).
import { Form } from "react-router";
import type { Route } from "./+types/suggestions";
import { SelectField } from "../../components/ui/FormFields";
import { Pager } from "../../components/ui/Pager";
import { SuggestionCard } from "../../features/restaurants/suggestions/components/SuggestionCard";
import { suggestionsQueueAction, suggestionsQueuePage } from "../../features/restaurants/suggestions/queue-page.server";
import { servicesContext } from "../../lib/context";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/seo";

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
    <section aria-labelledby="suggestions-title">
      <h1 id="suggestions-title" className="text-2xl font-extrabold">
        {t("suggestions.title")}
      </h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField label={t("suggestions.view")} name="view" id="suggestions-view" defaultValue={view}>
          {(["open", "decided"] as const).map((value) => (
            <option key={value} value={value}>
              {t(`suggestions.view.${value}`)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="min-h-11 rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50">
          {t("reports.filter")}
        </button>
        <p className="ms-auto text-sm text-stone-600" data-testid="suggestions-total">
          {t("suggestions.count", { count: total })}
        </p>
      </Form>
      {suggestions.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("suggestions.none")}</p>
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
      <Pager page={page} pages={pages} href={(n: number) => `?${new URLSearchParams({ view, page: String(n) }).toString()}`} />
    </section>
  );
}
