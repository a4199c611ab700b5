// /en/restaurant/:slug/report and /he/restaurant/:slug/report — where the report form posts.
// The restaurant page holds the form; this page shows it on its own for a visitor without
// JavaScript (after a refusal, and with the thank-you). Guards in order, each refusing with a
// message and storing nothing: the honeypot, the form's rules, the proof-of-work (when the form
// says it carries one), the rate limits.
import { Link, redirect } from "react-router";
import type { Route } from "./+types/report";
import { ReportForm } from "../features/reports/components/ReportForm";
import { fileReport } from "../features/reports/reports.server";
import { parseReport } from "../features/reports/rules";
import { getRestaurantBySlug } from "../features/restaurants/core/queries.server";
import { actionError, parsedOrThrow } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { AppError } from "../lib/errors";
import { readFormData } from "../lib/form-data.server";
import { detectLanguage, localized } from "../lib/i18n/language";
import { useLanguage } from "../lib/i18n/use-language";
import { homePath, restaurantPath } from "../lib/paths";
import { translator } from "../lib/i18n/messages";
import { formText } from "../lib/form-rules";
import { REPORT_NOTE_MAX, REPORT_REASONS } from "../../database/reports";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const found = await getRestaurantBySlug(context.get(servicesContext).db, params.slug);
  if (!found) throw redirect(homePath(detectLanguage(url.pathname)));
  // A link may fill the form in: the review form sends a text that speaks of kashrut here (?reason=kashrut&note=…).
  const query = url.searchParams;
  const reason = query.get("reason") ?? "";
  const prefill = (REPORT_REASONS as readonly string[]).includes(reason)
    ? { reason, note: (query.get("note") ?? "").slice(0, REPORT_NOTE_MAX), email: "" }
    : null;
  return { slug: found.restaurant.slug, name: found.restaurant.name, prefill };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  const text = formText(form);
  const fields = { reason: text("reason"), note: text("note").slice(0, 2_000), email: text("email").slice(0, 300) };
  try {
    if (text("website") !== "") throw new AppError("invalid", "report.refused");
    const values = parsedOrThrow(parseReport(form));
    const withProof = text("mode") === "pow";
    if (withProof && !(await services.proofOfWork.verify(services.db, text("pow"))))
      throw new AppError("invalid", "report.proofFailed");
    await fileReport(services.db, { slug: params.slug, values, proofOfWork: withProof, clientIp: services.clientIp });
  } catch (error) {
    // Every refusal (400, 404, 429) fills the form again with what was sent.
    return actionError(error, { log: "[reports] filing failed:", with: { fields } });
  }
  // Admins and owners are told in the background (at most once an hour per restaurant).
  services.reportFiled();
  return { ok: true as const };
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  const name = loaderData ? localized(loaderData.name, language) : "";
  return [{ title: `${t("report.pageTitle", { name })} | ${t("brand.name")}` }, { name: "robots", content: "noindex" }];
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { language, ti } = useLanguage();
  const name = localized(loaderData.name, language);
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link
        to={restaurantPath(loaderData.slug, language)}
        className="inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
      >
        {ti("report.back", { name })}
      </Link>
      <h1 className="mt-4 text-2xl font-extrabold">{ti("report.pageTitle", { name })}</h1>
      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
        <ReportForm
          slug={loaderData.slug}
          answer={actionData ?? (loaderData.prefill ? { fields: loaderData.prefill } : undefined)}
          sent={actionData !== undefined && "ok" in actionData}
        />
      </div>
    </div>
  );
}
