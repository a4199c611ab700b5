// The one file a page's form may carry (a claim's proof, a suggestion's certificate photo; route
// facts' `fileForm`): its limits, once for the browser's check before sending and the server's door.
// Browser-safe: no Node, no server code.
// (Kept apart from upload-rules.ts, whose refusal messages a public page does not carry.)

const MiB = 1024 * 1024;

/** The image formats the server decodes (by their bytes, never by a name or a declared type). */
export const IMAGE_FORMATS = ["jpeg", "png", "webp", "gif"] as const;

/** The largest photo or certificate image (upload-rules.ts's `photo` and `teuda`). */
export const IMAGE_MAX_BYTES = 5 * MiB;

/** The largest file such a form carries (a PDF proof); an image is held to IMAGE_MAX_BYTES. */
export const FORM_FILE_MAX_BYTES = 10 * MiB;

/**
 * What is wrong with a file before it is sent, or null: not an image (or, where `pdf` is taken, a
 * PDF), or larger than its limit. The server checks the bytes again whatever this says.
 */
export function formFileProblem(
  file: { size: number; type: string; name: string },
  { pdf }: { pdf: boolean },
): "tooLarge" | "wrongType" | null {
  const isPdf = file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));
  if (isPdf) return !pdf ? "wrongType" : file.size > FORM_FILE_MAX_BYTES ? "tooLarge" : null;
  const isImage =
    IMAGE_FORMATS.some((format) => file.type === `image/${format}`) ||
    (file.type === "" && /\.(jpe?g|png|webp|gif)$/i.test(file.name));
  if (!isImage) return "wrongType";
  return file.size > IMAGE_MAX_BYTES ? "tooLarge" : null;
}
