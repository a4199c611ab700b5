// Up to 10 menu images: several at once, each checked; failures listed in one "Upload Errors" toast.
import { useId, useState } from "react";
import { toast } from "sonner";
import { responsiveImage } from "../../../../lib/images";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { MAX_MENU_IMAGES } from "../form-schema";
import type { MenuImage } from "../../core";
import { uploadFile } from "../upload-client";
import { UPLOAD_RULES } from "../upload-rules";
import { FilePicker } from "./FilePicker";

/** `onChange` receives a change to apply to the latest list (uploads finish after other edits). */
export function MenuImagesField({
  images,
  onChange,
}: {
  images: MenuImage[];
  onChange: (change: (current: MenuImage[]) => MenuImage[]) => void;
}) {
  const { t } = useLanguage();
  const id = useId();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t("editor.menuImagesField")}
      </label>
      <FilePicker
        id={id}
        multiple
        chosen={images.length > 0 ? t("upload.menuCount", { count: images.length }) : null}
        accept={UPLOAD_RULES.menu.accept}
        disabled={progress !== null}
        onChange={async (event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length === 0) return;
          if (images.length + files.length > MAX_MENU_IMAGES) {
            toast.error(t("upload.maxFiles"));
            return;
          }
          const added: MenuImage[] = [];
          const failures: string[] = [];
          for (const file of files) {
            setProgress({ name: file.name, fraction: 0 });
            const outcome = await uploadFile("menu", file, (fraction) => setProgress({ name: file.name, fraction }));
            if (outcome.ok)
              added.push({
                url: outcome.file.url,
                name: outcome.file.name,
                size: outcome.file.size,
                type: outcome.file.type,
              });
            else failures.push(`${file.name}: ${t(outcome.error)}`);
          }
          setProgress(null);
          if (added.length > 0) {
            onChange((current) => [...current, ...added]);
            toast.success(t("upload.menuAdded", { count: added.length }));
          }
          if (failures.length > 0) toast.error(t("upload.errorsTitle"), { description: failures.join("\n") });
        }}
      />
      {progress ? (
        <progress
          className="mt-2 w-full"
          max={1}
          value={progress.fraction}
          aria-label={t("upload.progress", { name: progress.name })}
        />
      ) : null}
      {images.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="menu-images">
          {images.map((image, index) => (
            <li key={image.url} className="rounded-lg border border-stone-200 p-2">
              <img
                src={responsiveImage(image.url, 400).src}
                alt={t("restaurant.menuPage", { n: index + 1, total: images.length })}
                width={160}
                height={220}
                className="aspect-[8/11] w-full rounded object-cover"
              />
              <button
                type="button"
                onClick={() => onChange((current) => current.filter((other) => other.url !== image.url))}
                className="mt-2 min-h-9 w-full rounded-md border border-stone-300 text-sm hover:bg-stone-50"
              >
                {t("upload.remove")} <span className="sr-only">{image.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
