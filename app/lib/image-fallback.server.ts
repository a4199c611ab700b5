// An image that has a placeholder ends on it however early it fails. React's onError
// (FallbackImage) sees only failures after the page hydrates, and the page's scripts start after
// its first paint (ADR 011), so an image that fails while the page is being read would stay a
// broken-image icon. A small script in <head> catches every image error on the page (the event
// does not bubble, but it can be caught on its way down) and swaps an image marked with
// `data-fallback` to that placeholder, once: a placeholder that fails too is left alone.
import { FALLBACK_ATTRIBUTE } from "./image-fallback";

export const IMAGE_FALLBACK_SCRIPT = [
  'document.addEventListener("error",function(event){',
  "var image=event.target;",
  'if(!image||image.tagName!=="IMG")return;',
  `var fallback=image.getAttribute(${JSON.stringify(FALLBACK_ATTRIBUTE)});`,
  'if(!fallback||image.getAttribute("src")===fallback)return;',
  'image.removeAttribute("srcset");image.setAttribute("src",fallback)',
  "},true)",
].join("");

/**
 * Adds the image-fallback script to the head of a page that has an image with a placeholder, with
 * the request's nonce (a cached page's CSP allows it by its hash instead, like every inline script).
 */
export function withImageFallbacks(html: string, nonce: string): string {
  if (!html.includes(`${FALLBACK_ATTRIBUTE}=`)) return html;
  return html.replace("</head>", `<script nonce="${nonce}">${IMAGE_FALLBACK_SCRIPT}</script></head>`);
}
