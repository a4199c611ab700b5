// One file (photo, certificate or PDF menu): choose, see progress, preview, remove.
import { useId, useState } from "react";
import { toast } from "sonner";
import { responsiveImage } from "../../../../lib/images";
import { useLanguage } from "../../../../lib/i18n/use-language";
import type { MessageKey } from "../../../../locales/en";
import { uploadFile } from "../upload-client";
import { UPLOAD_RULES, type UploadKind } from "../upload-rules";
import { FilePicker } from "./FilePicker";

export function UploadField({
  kind,
  label,
  value,
  onChange,
  error,
}: {
  kind: UploadKind;
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: MessageKey | undefined;
}) {
  const { t } = useLanguage();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  // The name of the file uploaded here, for as long as it is the field's value; a file saved earlier
  // is named as such (its stored name is a code).
  const [uploaded, setUploaded] = useState<{ url: string; name: string } | null>(null);
  const shown = failure ?? error ?? null;
  const preview = value && kind !== "pdf" ? responsiveImage(value, 400).src : null;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <FilePicker
        id={id}
        accept={UPLOAD_RULES[kind].accept}
        disabled={progress !== null}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        chosen={!value ? null : uploaded?.url === value ? uploaded.name : t("upload.currentFile")}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          setFailure(null);
          setProgress(0);
          const outcome = await uploadFile(kind, file, setProgress);
          setProgress(null);
          if (outcome.ok) {
            setUploaded({ url: outcome.file.url, name: file.name });
            onChange(outcome.file.url);
            if (kind !== "pdf") toast.success(t("upload.success"));
          } else {
            setFailure(outcome.error);
          }
        }}
      />
      {progress !== null ? (
        <progress className="mt-2 w-full" max={1} value={progress} aria-label={t("upload.progress", { name: label })} />
      ) : null}
      {shown ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" role="alert">
          {t(shown)}
        </p>
      ) : null}
      {value ? (
        <div className="mt-2 flex items-center gap-3">
          {preview ? (
            <img src={preview} alt="" width={96} height={64} className="h-16 w-24 rounded object-cover" />
          ) : null}
          {kind === "pdf" ? (
            <a
              href={value}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm text-brand-800 underline"
              dir="ltr"
            >
              {value.split("/").pop()}
            </a>
          ) : null}
          <button
            type="button"
            onClick={() => onChange("")}
            className="min-h-9 rounded-md border border-stone-300 px-3 text-sm hover:bg-stone-50"
          >
            {t("upload.remove")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
