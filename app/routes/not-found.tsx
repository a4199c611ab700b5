import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { detectLanguage } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { homePath } from "../lib/paths";

export function loader({ url }: Route.LoaderArgs) {
  return data({ language: detectLanguage(url.pathname) }, { status: 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = translator(loaderData?.language ?? "en");
  return [{ title: `${t("notFound.title")} | ${t("brand.name")}` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const { language, t } = useLanguage();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t("notFound.title")}</h1>
      <Link
        to={homePath(language)}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
      >
        {t("notFound.home")}
      </Link>
    </div>
  );
}
