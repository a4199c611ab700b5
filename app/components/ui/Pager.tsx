// "Previous · Page 2 of 9 · Next" under a paged list: plain links, so paging works without JavaScript.
import { Link } from "react-router";
import { useLanguage } from "../../lib/i18n/use-language";

export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useLanguage();
  if (pages <= 1) return null;
  const label = t("pager.page", { page, pages });
  const link = "font-medium text-brand-800 underline underline-offset-4";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={link}>
          {t("pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{label}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={link}>
          {t("pager.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
