// The certificate's status line (ADR 023), on cards and the restaurant page: "Kosher certificate
// valid until 19 April", "Supervision renewal pending (expired 20 April)", or with a warning sign
// "… expired on 3 March" (a text warning sign: an SVG costs the first visit's JavaScript more).
// Nothing when no date is given. An expired certificate never hides the
// listing: it is said, in words as well as colour.
import type { CertificateFacts } from "../../../../../database/lifecycle";
import { cn } from "../../../../lib/cn";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { certificateState, type CertificateClock } from "../../core";
import { certificateDate, statusMessage } from "../wording";

export function CertificateLine({
  certificate,
  clock,
  className,
}: {
  certificate: Pick<CertificateFacts, "body" | "validUntil"> | undefined;
  clock: CertificateClock;
  className?: string;
}) {
  const { language, t } = useLanguage();
  const state = certificateState(certificate, clock);
  const message = certificate && statusMessage(certificate.body, state);
  if (!message) return null;
  const warn = state.kind !== "valid";
  return (
    <p
      data-cert={state.kind}
      className={cn("flex gap-1.5 text-sm", warn ? "font-medium text-amber-900" : "text-stone-700", className)}
    >
      {warn ? <span aria-hidden="true">⚠</span> : null}
      {t(message.key, { date: certificateDate(message.date, language) })}
    </p>
  );
}
