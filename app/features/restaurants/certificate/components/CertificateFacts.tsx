// The restaurant page's certificate block (ADR 023): who supervises (the rabbinate's "kosher
// certificate", any other body's "under the supervision of …"), its state, level and number.
// Nothing when no body is given.
import type { CertificateFacts as Facts } from "../../../../../database/lifecycle";
import { formatLongDate } from "../../../../lib/dates";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { type CertificateClock, certificateState } from "../../core";
import { bodyMessage } from "../wording-page";
import { CertificateLine } from "./CertificateLine";

export function CertificateFacts({ certificate, clock }: { certificate: Facts | undefined; clock: CertificateClock }) {
  const { language, t } = useLanguage();
  if (!certificate) return null;
  const { level, number, registerPublishedOn } = certificate;
  const state = certificateState(certificate, clock).kind;
  return (
    <div
      data-testid="certificate"
      data-body={certificate.body}
      className="mt-3 space-y-1 rounded-lg border border-stone-200 bg-white px-3 py-2"
    >
      <p className="text-sm font-semibold text-stone-900">{t(bodyMessage(certificate.body))}</p>
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
      {registerPublishedOn ? (
        <p className="text-sm text-stone-700" data-testid="certificate-source">
          {t("registerPublic.source", { date: formatLongDate(registerPublishedOn, language) })}.{" "}
          {t("registerPublic.reminder")}
        </p>
      ) : null}
      {state === "expired" ? <p className="text-sm text-stone-700">{t("certificate.expiredNote")}</p> : null}
      {state === "revoked" ? <p className="text-sm text-stone-700">{t("registerPublic.revokedNote")}</p> : null}
    </div>
  );
}
