// /suggest and /he/suggest — "Suggest a restaurant" (ADR 023): anyone may propose a listing; nothing
// is public until an admin approves it. The form posts here with or without JavaScript (a multipart
// form carrying one file: `fileForm` in the route facts). Guards in order, each refusing with a
// message and storing nothing: the honeypot, the form's rules, the proof-of-work (when the form says
// it carries one), the rate limits; then the photo is checked and stored, held by the suggestion.
import type { Route } from "./+types/suggest";
import { SuggestForm } from "../features/restaurants/suggestions/components/SuggestForm";
import { parseSuggestion, SUGGESTION_FIELDS } from "../features/restaurants/suggestions/rules";
import { fileSuggestion } from "../features/restaurants/suggestions/filing.server";
import { actionError, parsedOrThrow } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { AppError, isAppError } from "../lib/errors";
import { readFileForm } from "../lib/form-data.server";
import { detectLanguage } from "../lib/i18n/language";
import { brandName } from "../lib/i18n/brand";
import { translator } from "../lib/i18n/messages";
import { inBothLanguages, suggestPath } from "../lib/paths";
import { loaderMeta } from "../lib/meta";
import { pageMeta, pageSite } from "../lib/seo.server";
import { useLanguage } from "../lib/i18n/use-language";
import type { MessageKey } from "../locales/en";
import { formText } from "../lib/form-rules";

export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const language = detectLanguage(new URL(request.url).pathname);
  const { form, tooLarge } = await readFileForm(request, services.oversizedForm);
  const text = formText(form);
  // What was typed, to fill the form again (bounded: a refusal never echoes a huge field).
  const fields = Object.fromEntries(SUGGESTION_FIELDS.map((name) => [name, text(name).slice(0, 2_500)]));
  try {
    if (text("website") !== "") throw new AppError("invalid", "suggest.refused");
    // Larger than the door takes: the photo's message, with everything typed kept.
    if (tooLarge)
      throw new AppError("tooLarge", "suggest.photoTooLarge", {
        fieldErrors: { certificate: "suggest.photoTooLarge" },
      });
    const values = parsedOrThrow(parseSuggestion(form));
    const withProof = text("mode") === "pow";
    if (withProof && !(await services.proofOfWork.verify(services.db, text("pow"))))
      throw new AppError("invalid", "suggest.proofFailed");
    const file = form.get("certificate");
    // An empty file input sends a nameless, empty file: no photo.
    const photo = file instanceof File && file.size > 0 ? file : undefined;
    await fileSuggestion(services.db, {
      values,
      language,
      proofOfWork: withProof,
      clientIp: services.clientIp,
      certificate: photo
        ? async (suggestionId) => {
            try {
              return await services.acceptUpload(
                { data: Buffer.from(await photo.arrayBuffer()), name: photo.name },
                "teuda",
                {
                  uploadedBy: null,
                  heldBy: suggestionId,
                },
              );
            } catch (error) {
              if (!isAppError(error)) throw error;
              // The upload's own words name the dashboard's kinds; this page says it of its one photo.
              const said: MessageKey = error.code === "tooLarge" ? "suggest.photoTooLarge" : "suggest.photoNotImage";
              throw new AppError(error.code, said, { fieldErrors: { certificate: said }, cause: error });
            }
          }
        : undefined,
    });
  } catch (error) {
    // Every refusal (400, 413, 429) fills the form again with what was sent.
    return actionError(error, { log: "[suggestions] filing failed:", with: { fields } });
  }
  return { ok: true as const };
}

export function loader({ context, url }: Route.LoaderArgs) {
  const { language, publicUrl } = pageSite({ url, context });
  const t = translator(language);
  return {
    meta: pageMeta({
      publicUrl,
      language,
      title: `${t("suggest.pageTitle")} | ${brandName(language)}`,
      description: t("suggest.intro"),
      path: suggestPath(language),
      alternates: inBothLanguages(suggestPath),
    }),
  };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function SuggestPage({ actionData }: Route.ComponentProps) {
  const { t } = useLanguage();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-extrabold">{t("suggest.pageTitle")}</h1>
      <p className="mt-2 text-stone-700">{t("suggest.intro")}</p>
      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
        <SuggestForm answer={actionData} />
      </div>
    </div>
  );
}
