// An image that shows its placeholder when it has no address or fails to load, settling there
// after one failure: it asks for the address again only when the address changes.
// Before hydration, the head script of image-fallback.server.ts does the same from the
// `data-fallback` attribute.
import { useState, type ImgHTMLAttributes } from "react";
import { FALLBACK_ATTRIBUTE } from "../../lib/image-fallback";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & { src: string; fallback: string };

export function FallbackImage({ src, fallback, srcSet, sizes, ...image }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = src === "" || failed === src;
  return (
    <img
      {...image}
      src={placeholder ? fallback : src}
      srcSet={placeholder ? undefined : srcSet}
      sizes={placeholder ? undefined : sizes}
      {...{ [FALLBACK_ATTRIBUTE]: fallback }}
      onError={() => setFailed(src)}
    />
  );
}
