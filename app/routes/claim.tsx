// /en/restaurant/:slug/claim and /he/restaurant/:slug/claim — "Is this your restaurant?".
// Private (about the viewer, never cached); its form carries one file (route facts' fileForm)
// and works without JavaScript. A visitor is asked to log in or sign up (both come back here); an
// account whose e-mail address is not verified is told so and may have the link sent again (only a
// verified address may claim: anyone can sign up as info@ a restaurant's domain); a listing with owners
// takes no claim; an account with an open claim on it is told it waits for review; the claimant
// sees their own last decision. The page model (claims/claim-page.server.ts) reads the page and
// sends the claim; the domain (sendClaim) checks the permission, the limits and the proof itself; a
// refusal fills the form again and stores nothing.
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/claim";
import { FormAlert, SubmitButton } from "../components/ui/FormFields";
import { resendVerification } from "../features/accounts/accounts.server";
import { claimPage, sendClaimForm, typedFields } from "../features/restaurants/claims/claim-page.server";
import { ClaimForm } from "../features/restaurants/claims/components/ClaimForm";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { formatLongDate } from "../lib/dates";
import { readFileForm } from "../lib/form-data.server";
import { detectLanguage, localized } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import { accessDenied } from "../lib/permissions.server";
import { claimPath, dashboardPath, homePath, loginPath, restaurantPath, signupPath } from "../lib/paths";
import { viewerContext } from "../lib/session.server";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const page = await claimPage(context.get(servicesContext), context.get(viewerContext), params.slug);
  if (!page) throw redirect(homePath(detectLanguage(url.pathname)));
  return page;
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  // The route's guard; sendClaim asks the rule book again.
  if (!can(viewer, "claim:send")) accessDenied();
  const language = detectLanguage(new URL(request.url).pathname);
  const { form, tooLarge } = await readFileForm(request, services.oversizedForm);
  const fields = typedFields(form);
  if (form.get("intent") === "resendVerification" && viewer) {
    // The account page's way of sending the verification link again, with its limit.
    try {
      await resendVerification(services, viewer);
    } catch (error) {
      return actionError(error, { log: "[claims] resending the verification link failed:", with: { fields } });
    }
    return { resent: true as const };
  }
  const refused = await sendClaimForm(services, viewer, { slug: params.slug, form, tooLarge, language });
  if (refused) return refused;
  // Sent: the page now says it waits for review (a reload sends nothing again).
  throw redirect(claimPath(params.slug, language));
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  const name = loaderData ? localized(loaderData.page.restaurant.name, language) : "";
  return [{ title: `${t("claim.pageTitle", { name })} | ${t("brand.name")}` }, { name: "robots", content: "noindex" }];
}

const link = "font-medium text-brand-800 underline underline-offset-4";

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { language, t, ti } = useLanguage();
  const { page, signedIn, mayClaim, emailVerified, email, contactEmail } = loaderData;
  const name = localized(page.restaurant.name, language);
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const resent = actionData !== undefined && "resent" in actionData;
  let body;
  if (page.viewerIsOwner) {
    body = (
      <p role="status">
        {t("claim.youManage")}{" "}
        <Link to={dashboardPath(language)} className={link}>
          {t("claim.openDashboard")}
        </Link>
      </p>
    );
  } else if (page.managed) {
    body = <p data-testid="claim-managed">{ti("claim.managed", { email: contactEmail })}</p>;
  } else if (!signedIn) {
    body = (
      <div data-testid="claim-sign-in">
        <p>{t("claim.signInPrompt")}</p>
        <p className="mt-4 flex flex-wrap gap-3">
          <Link
            to={loginPath(language, claimPath(page.restaurant.slug, language))}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {t("claim.signIn")}
          </Link>
          <Link
            to={signupPath(language, claimPath(page.restaurant.slug, language))}
            className="inline-flex min-h-11 items-center rounded-lg px-5 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
          >
            {t("claim.signUp")}
          </Link>
        </p>
      </div>
    );
  } else if (page.open) {
    body = (
      <p
        role="status"
        data-testid="claim-waiting"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
      >
        {t("claim.waiting", { date: formatLongDate(page.open.createdAt, language) })}
      </p>
    );
  } else if (!mayClaim) {
    body = <p>{t("claim.adminNeedsNone")}</p>;
  } else if (!emailVerified) {
    body = (
      <div
        data-testid="claim-verify-first"
        className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        {/* The address is isolated (FSI…PDI): left to right inside a Hebrew line, whole and in order. */}
        <p>{t("claim.notVerified", { email: `\u2068${email}\u2069` })}</p>
        <Form method="post" className="mt-3 space-y-2">
          {resent ? <p role="status">{t("claim.resent")}</p> : null}
          {failure ? <FormAlert>{ti(failure.error, failure.values ?? {})}</FormAlert> : null}
          <SubmitButton intent="resendVerification" busyLabel={t("claim.sending")} variant="outline">
            {t("claim.resend")}
          </SubmitButton>
        </Form>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-stone-700">{t("claim.intro")}</p>
        <ClaimForm failure={failure} />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link
        to={restaurantPath(page.restaurant.slug, language)}
        className="inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
      >
        {ti("claim.back", { name })}
      </Link>
      <h1 className="mt-4 text-2xl font-extrabold">{ti("claim.pageTitle", { name })}</h1>
      {signedIn && page.decided && !page.open && !page.viewerIsOwner ? (
        <div className="mt-4 rounded-lg border border-stone-300 bg-stone-50 p-3" data-testid="claim-decided">
          {page.decided.status === "approved" ? (
            <p>{t("claim.approved")}</p>
          ) : (
            <>
              <p>{t("claim.rejected")}</p>
              <p className="mt-1 whitespace-pre-line" dir="auto">
                {page.decided.reason}
              </p>
              {page.managed ? null : <p className="mt-1">{t("claim.tryAgain")}</p>}
            </>
          )}
        </div>
      ) : null}
      <div className="mt-6">{body}</div>
    </div>
  );
}
