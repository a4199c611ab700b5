// Menu images as thumbnails that open a full-screen lightbox: arrows move (mirrored in Hebrew),
// Escape closes, focus returns to the thumbnail. Without JavaScript a thumbnail links to its image.
import { lazy, Suspense, useRef, useState } from "react";
import { responsiveImage } from "../../../../lib/images";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MenuImage } from "../../core";

// The lightbox's dialog code (radix) loads when a menu image is first opened.
const MenuLightbox = lazy(() => import("./MenuLightbox"));

export function MenuGallery({ images, restaurantName }: { images: MenuImage[]; restaurantName: string }) {
  const { t } = useLanguage();
  const [index, setIndex] = useState<number | null>(null);
  const [lightboxLoaded, setLightboxLoaded] = useState(false);
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([]);
  const lastOpened = useRef(0);
  const total = images.length;
  const move = (step: number) => setIndex((i) => (i === null ? i : (i + step + total) % total));

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.map((image, i) => {
          const thumb = responsiveImage(image.url, 400);
          return (
            <li key={image.url}>
              <a
                href={image.url}
                ref={(element) => {
                  thumbs.current[i] = element;
                }}
                onClick={(event) => {
                  event.preventDefault();
                  lastOpened.current = i;
                  setLightboxLoaded(true);
                  setIndex(i);
                }}
                aria-label={t("lightbox.open", { n: i + 1 })}
                className="block overflow-hidden rounded-lg border border-stone-200 bg-white"
              >
                <img
                  src={thumb.src}
                  srcSet={thumb.srcSet}
                  sizes="(min-width: 640px) 200px, 45vw"
                  width={400}
                  height={550}
                  loading="lazy"
                  decoding="async"
                  alt={t("restaurant.menuPage", { n: i + 1, total })}
                  className="aspect-[8/11] w-full object-cover"
                />
              </a>
            </li>
          );
        })}
      </ul>
      {lightboxLoaded ? (
        <Suspense fallback={null}>
          <MenuLightbox
            images={images}
            index={index}
            restaurantName={restaurantName}
            onClose={() => setIndex(null)}
            move={move}
            returnFocus={() => thumbs.current[lastOpened.current]?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
