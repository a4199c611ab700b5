// What the share button does when clicked (ADR 024), loaded with the first click.
import type { Translate } from "../../lib/i18n/messages";

/** The page's link in its own language: its canonical URL, absolute (app/lib/seo.server.ts builds it from the site's public address). */
export function pageLink(doc: Pick<Document, "querySelector" | "location">): string {
  return doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href || doc.location.href;
}

/**
 * Shares the page through the browser's share sheet (`native`), or copies its link: true when copied,
 * false when copying failed, undefined when the share sheet took it (or the visitor closed it).
 * A share sheet that refuses (not the visitor's cancel) falls back to copying.
 */
export async function shareLink(
  native: boolean,
  nav: Pick<Navigator, "share" | "clipboard">,
  doc: Document,
): Promise<boolean | undefined> {
  const url = pageLink(doc);
  if (native) {
    try {
      await nav.share({ title: doc.title, url });
      return undefined;
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return undefined;
    }
  }
  try {
    await nav.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * The button's click: shares (where the browser has a share sheet) or copies, then says in the status
 * region after `button` whether the link was copied, in the page's language.
 */
export async function share(button: HTMLElement, t: Translate): Promise<void> {
  const status = button.nextElementSibling;
  if (status) status.textContent = "";
  const copied = await shareLink("share" in navigator, navigator, document);
  if (copied === undefined || !status) return;
  status.textContent = t(copied ? "share.copied" : "share.failed");
}
