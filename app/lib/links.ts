// Links owners type into the restaurant form (ADR 013). People write addresses the way
// they see them on a card or a shop window: `www.example.com/book`, `example.co.il`. Such an
// address, a host name with a dot and a top-level domain of letters, gets `https://` in front;
// anything else must already be an http(s) address. Every other scheme (`javascript:`, `data:`,
// `mailto:`, ...) is refused, so a stored link can only ever open a web page.

/** A host name with at least one dot and a letter TLD, an optional port, then a path or nothing. */
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const WEB_LINK = /^https?:\/\/[^\s/?#]+\.?[^\s]*$/i;

/** The link as it will be stored: a bare domain gets `https://`; anything else is left as typed. */
export function withScheme(value: string): string {
  const trimmed = value.trim();
  return BARE_DOMAIN.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/** An http or https address with a host (after `withScheme`). */
export function isWebLink(value: string): boolean {
  if (!WEB_LINK.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}
