// The menu lightbox (a radix dialog), loaded with its dialog code when a menu image is first
// opened: arrows move (mirrored in Hebrew), Escape closes, focus returns to the thumbnail.
import * as Dialog from "@radix-ui/react-dialog";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MenuImage } from "../../core";

interface Props {
  images: MenuImage[];
  index: number | null;
  restaurantName: string;
  onClose: () => void;
  move: (step: number) => void;
  returnFocus: () => void;
}

export default function MenuLightbox({ images, index, restaurantName, onClose, move, returnFocus }: Props) {
  const { dir, t } = useLanguage();
  const total = images.length;
  const current = index === null ? undefined : images[index];
  return (
    <Dialog.Root open={index !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          dir={dir}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col text-white"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          onKeyDown={(event) => {
            const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
            const backward = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
            if (event.key === forward) move(1);
            else if (event.key === backward) move(-1);
          }}
        >
          <div className="flex items-center justify-between gap-4 p-3">
            <Dialog.Title className="text-base font-semibold">
              {t("lightbox.title", { name: restaurantName })}
            </Dialog.Title>
            <p aria-live="polite" className="text-sm" dir="ltr">
              {index === null ? "" : t("lightbox.counter", { n: index + 1, total })}
            </p>
            <Dialog.Close
              className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              aria-label={t("lightbox.close")}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-14 pb-4">
            {current ? (
              <img
                key={current.url}
                src={current.url}
                alt={t("restaurant.menuPage", { n: (index ?? 0) + 1, total })}
                className="max-h-full max-w-full object-contain"
              />
            ) : null}
            {total > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => move(-1)}
                  aria-label={t("lightbox.previous")}
                  className="absolute start-2 top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-6 w-6 rtl:rotate-180"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </button>
                <button
                  type="button"
                  onClick={() => move(1)}
                  aria-label={t("lightbox.next")}
                  className="absolute end-2 top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-6 w-6 rtl:rotate-180"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M9 6l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </button>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
