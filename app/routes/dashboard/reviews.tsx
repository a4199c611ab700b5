// /dashboard/reviews and /he/dashboard/reviews — the reviews moderation queue, admins only: three
// lists (held by a signal, reported, second look asked), each review with its place, author, text,
// versions, signals, reports and decision log; approve, or reject with a reason its author sees.
// Works without JavaScript (the lists are links, the decisions plain posts). The page model
// (reviews/queue-page.server.ts) reads the page and the decisions; every action checks permission
// itself (requirePermission, then the domain functions' own assertCan).
import { Link } from "react-router";
import type { Route } from "./+types/reviews";
import { Pager } from "../../components/ui/Pager";
import { QueueEmpty, QueuePage } from "../../components/ui/QueuePage";
import { ModerationCard } from "../../features/restaurants/reviews/components/ModerationCard";
import { moderationAction, moderationPage } from "../../features/restaurants/reviews/queue-page.server";
import { cn } from "../../lib/cn";
import { servicesContext } from "../../lib/context";
import { useLanguage } from "../../lib/i18n/use-language";
import { dashboardReviewWordsPath } from "../../lib/member-paths";
import { requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/meta";
import type { MessageKey } from "../../locales/en";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, context, "reviews:moderate");
  return moderationPage(context.get(servicesContext).db, viewer, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "reviews:moderate");
  return moderationAction(context.get(servicesContext), viewer, request);
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "reviewQueue.title");
}

const TABS = [
  { tab: "held", label: "reviewQueue.tab.held" },
  { tab: "reported", label: "reviewQueue.tab.reported" },
  { tab: "second-look", label: "reviewQueue.tab.secondLook" },
] as const satisfies readonly { tab: string; label: MessageKey }[];

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const { reviews, counts, tab, page, pages, hideWeight } = loaderData;
  const failed = actionData && "error" in actionData ? actionData : undefined;
  return (
    <QueuePage id="reviews-title" title={t("reviewQueue.title")}>
      <p className="mt-2 text-stone-700">{t("reviewQueue.intro")}</p>
      <p className="mt-2">
        <Link
          to={dashboardReviewWordsPath(language)}
          className="inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
        >
          {t("reviewQueue.wordsLink")}
        </Link>
      </p>
      <nav aria-label={t("reviewQueue.tabs")} className="mt-2">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((item) => (
            <li key={item.tab}>
              <Link
                to={`?tab=${item.tab}`}
                aria-current={item.tab === tab ? "page" : undefined}
                data-testid={`moderation-tab-${item.tab}`}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-lg px-4 font-medium",
                  item.tab === tab
                    ? "bg-brand-700 text-white"
                    : "text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50",
                )}
              >
                {t(item.label, { count: counts[item.tab] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {reviews.length === 0 ? (
        <QueueEmpty testId="moderation-empty">{t("reviewQueue.none")}</QueueEmpty>
      ) : (
        <ul className="mt-4 space-y-3">
          {reviews.map((review) => (
            <ModerationCard
              key={review.id}
              review={review}
              hideWeight={hideWeight}
              failure={failed?.reviewId === review.id ? failed : undefined}
            />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(n: number) => `?${new URLSearchParams({ tab, page: String(n) })}`} />
    </QueuePage>
  );
}
