// The restaurant page's certificate block (ADR 023): who supervises (the rabbinate's "kosher
// certificate", any other body's "under the supervision of …"), its state, level and number.
// Nothing when no body is given. Its words but the state line are written by the loader
// (notes.server.ts): who supervises, the register it comes from, a revocation.
import type { CertificateFacts as Facts } from "../../../../../database/lifecycle";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { type CertificateClock, certificateState } from "../../core";
import type { CertificateNotes } from "../notes.server";
import { CertificateLine } from "./CertificateLine";

export function CertificateFacts({
  certificate,
  clock,
  notes,
}: {
  certificate: Facts | undefined;
  clock: CertificateClock;
  notes: CertificateNotes;
}) {
  const { t } = useLanguage();
  if (!certificate) return null;
  const { level, number } = certificate;
  const state = certificateState(certificate, clock).kind;
  return (
    <div
      data-testid="certificate"
      data-body={certificate.body}
      className="mt-3 space-y-1 rounded-lg border border-stone-200 bg-white px-3 py-2"
    >
      <p className="text-sm font-semibold text-stone-900">{notes.heading}</p>
      <CertificateLine certificate={certificate} clock={clock} />
      {level || number ? (
        <p className="text-sm text-stone-700" data-testid="certificate-details">
          {level ? t(`certificate.level.${level}`) : null}
          {level && number ? " · " : null}
          {number ? (
            <>
              {t("certificate.number")} <bdi dir="ltr">{number}</bdi>
            </>
          ) : null}
        </p>
      ) : null}
      {notes.source ? (
        <p className="text-sm text-stone-700" data-testid="certificate-source">
          {notes.source}
        </p>
      ) : null}
      {state === "expired" ? <p className="text-sm text-stone-700">{t("certificate.expiredNote")}</p> : null}
      {notes.revoked ? <p className="text-sm text-stone-700">{notes.revoked}</p> : null}
    </div>
  );
}
