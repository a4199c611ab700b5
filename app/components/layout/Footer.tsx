import { Form, Link } from "react-router";
import { useLanguage } from "../../lib/i18n/use-language";
import {
  accessibilityPath,
  blogsPath,
  homePath,
  loginPath,
  logoutPath,
  privacyPolicyPath,
  signupPath,
  suggestPath,
} from "../../lib/paths";

export function Footer({ signedIn = false }: { signedIn?: boolean }) {
  const { language, t } = useLanguage();
  const year = new Date().getFullYear();
  const link = "text-stone-200 underline-offset-4 hover:text-white hover:underline";
  return (
    <footer className="site-footer mt-16 bg-brand-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{t("brand.name")}</p>
          <p className="mt-2 text-sm text-stone-300">{t("footer.imageDisclaimer")}</p>
        </div>
        <nav aria-label={t("footer.links")}>
          <h2 className="font-semibold text-white">{t("footer.links")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link className={link} to={homePath(language)}>
                {t("nav.home")}
              </Link>
            </li>
            <li>
              <Link className={link} to={blogsPath(language)}>
                {t("nav.blogs")}
              </Link>
            </li>
            <li>
              <Link className={link} to={suggestPath(language)} data-testid="footer-suggest">
                {t("footer.suggest")}
              </Link>
            </li>
            {signedIn ? (
              <li>
                <Form method="post" action={logoutPath()}>
                  <input type="hidden" name="lang" value={language} />
                  <button type="submit" className={`${link} cursor-pointer underline-offset-4`}>
                    {t("footer.logout")}
                  </button>
                </Form>
              </li>
            ) : (
              <>
                <li>
                  <Link className={link} to={loginPath(language)}>
                    {t("footer.login")}
                  </Link>
                </li>
                <li>
                  <Link className={link} to={signupPath(language)}>
                    {t("footer.signup")}
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
        <nav aria-label={t("footer.legal")}>
          <h2 className="font-semibold text-white">{t("footer.legal")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link className={link} to={accessibilityPath(language)}>
                {t("footer.accessibility")}
              </Link>
            </li>
            <li>
              <Link className={link} to={privacyPolicyPath(language)}>
                {t("footer.privacy")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      {/* The year is the browser's: a page rendered (or cached) on 31 December may hydrate on 1 January (the Pesach tests visit 2027). */}
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs text-stone-300" suppressHydrationWarning>
        {t("footer.copyright", { year })}
      </p>
    </footer>
  );
}
