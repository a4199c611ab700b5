// "Save" on a card and a restaurant page (ADR 024): a real toggle button (aria-pressed), whose
// name says what it does and whose place ("Save Bella Tavola"). Signed in, it posts to /saved;
// without an account it keeps the place on this device. Without JavaScript it is a plain form:
// an account's place is saved by the server, a visitor is asked to sign in.
import { cn } from "../../../../lib/cn";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { savedPath } from "../../../../lib/paths";
import { useSaved } from "../use-saved";

/**
 * The heart's outline, as markup: the same HTML as a <path> element, but written by the server as
 * one piece and never a component of its own to hydrate (a page has two dozen Save buttons).
 */
const HEART = {
  __html:
    '<path d="M12 21s-7.5-4.6-9.5-9.3C1 8.2 3.3 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.7 0 6 3.7 4.5 7.2C19.5 16.4 12 21 12 21z"></path>',
};

export function SaveButton({ slug, name, className }: { slug: string; name: string; className?: string }) {
  const { language, t, ti } = useLanguage();
  // The list and the one fetcher that saves to an account are the page's (use-saved.tsx): a refusal
  // (the most a list keeps) is said beside the button that asked.
  const { slugs, toggle, refusal } = useSaved();
  const saved = slugs.includes(slug);
  return (
    <form
      method="post"
      action={savedPath(language)}
      className={className}
      onSubmit={(event) => {
        // With JavaScript: a visitor's place stays in the browser; an account's is posted, answered with data.
        event.preventDefault();
        toggle(slug, !saved);
      }}
    >
      <button
        type="submit"
        name={saved ? "remove" : "add"}
        value={slug}
        aria-pressed={saved}
        data-testid="save-button"
        className={cn(
          "inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-medium shadow-sm",
          saved
            ? "border-brand-700 bg-brand-700 text-white"
            : "border-stone-300 bg-white text-stone-800 hover:border-brand-700",
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill={saved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
          dangerouslySetInnerHTML={HEART}
        />
        {t("saved.save")}
        <span className="sr-only">
          {" "}
          <bdi>{name}</bdi>
        </span>
      </button>
      {refusal?.slug === slug ? (
        <span role="alert" className="mt-1 block rounded bg-white px-2 text-sm font-medium text-red-800">
          {ti(refusal.error, refusal.values ?? {})}
        </span>
      ) : null}
    </form>
  );
}
