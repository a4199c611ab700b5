// The restaurant page's and the form's words for a certificate's body (ADR 023): the rabbinate's
// "Kosher certificate of the Tel Aviv-Yafo Rabbinate", any other's "Under the supervision of …"
// (Israeli law lets only a rabbinate certificate be called kosher). Apart from wording.ts, which
// the home page's cards load, so its first visit does not carry them.
import type { CertificateBody } from "../../../../database/lifecycle";
import type { RestaurantKey } from "../../../locales/en";

export function bodyMessage(body: CertificateBody): RestaurantKey {
  return `certificate.body.${body}`;
}
