// Images we store are WebP in a few widths named `<name>-<width>.webp`, the stored URL being the
// widest. This builds the `srcset` for such a URL; other URLs are used as they are.

export const IMAGE_WIDTHS = [400, 800, 1200] as const;

const VARIANT = /^(\/uploads\/.+)-(\d+)\.webp$/;

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
}

export function variantUrl(base: string, width: number): string {
  return `${base}-${width}.webp`;
}

export function responsiveImage(url: string, preferredWidth = 800): ResponsiveImage {
  const match = VARIANT.exec(url);
  if (!match?.[1]) return { src: url };
  const base = match[1];
  const largest = Number(match[2]);
  const widths = IMAGE_WIDTHS.filter((width) => width <= largest);
  const src = variantUrl(
    base,
    widths.includes(preferredWidth as (typeof IMAGE_WIDTHS)[number]) ? preferredWidth : largest,
  );
  return { src, srcSet: widths.map((width) => `${variantUrl(base, width)} ${width}w`).join(", ") };
}

/** Every file a stored image may have (one per width); other URLs are just themselves. */
export function imageFiles(url: string): string[] {
  const match = VARIANT.exec(url);
  return match?.[1] ? IMAGE_WIDTHS.map((width) => variantUrl(match[1] as string, width)) : [url];
}
