// A supervising body by name ("Tel Aviv-Yafo Rabbinate", "Badatz Beit Yosef"), as the forms' choices
// and the dashboard's lists show it (manage area). The restaurant page says who supervises as a
// sentence, written by its loader (notes.server.ts: `bodySentence`).
import type { CertificateBody } from "../../../../database/lifecycle";
import type { ManageKey } from "../../../locales/en";

export function bodyName(body: CertificateBody): ManageKey {
  return `editor.body.${body}`;
}
