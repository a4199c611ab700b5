// A post image that falls back to the placeholder if it is missing or fails to load (spec).
import { FallbackImage } from "../../../components/ui/FallbackImage";

export const BLOG_PLACEHOLDER = "/images/blog-placeholder.svg";

export function BlogImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <FallbackImage
      src={src}
      fallback={BLOG_PLACEHOLDER}
      alt={alt}
      width={1200}
      height={630}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
