// The account page's "Two-factor authentication" card: set up (password, then QR code, key and
// backup codes, then a code to confirm), turn off, and new backup codes.
import { Form } from "react-router";
import { FormAlert, SubmitButton, TextField } from "../../../components/ui/FormFields";
import { useLanguage } from "../../../lib/i18n/use-language";
import type { MessageKey } from "../../../locales/en";
import type { QrCode } from "../qr.server";
import { FailureAlert, type FailureView } from "./FailureAlert";
import { TotpCodeField } from "./TotpCodeField";

type Outcome =
  | { intent: string; ok: true; message: MessageKey; backupCodes?: string[] | undefined }
  | ({ intent: string; ok: false; errors?: Partial<Record<string, MessageKey>> | undefined } & FailureView);

export interface SetupView {
  secret: string;
  qr: QrCode;
  backupCodes: string[];
}

function OutcomeAlert({ result, intent }: { result: Outcome | undefined; intent: string }) {
  const { t } = useLanguage();
  if (!result || result.intent !== intent) return null;
  return result.ok ? <FormAlert tone="success">{t(result.message)}</FormAlert> : <FailureAlert failure={result} />;
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <ol
      dir="ltr"
      className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-stone-50 p-3 font-mono text-sm sm:grid-cols-3"
      data-testid="backup-codes"
    >
      {codes.map((code) => (
        <li key={code}>
          <bdi>{code}</bdi>
        </li>
      ))}
    </ol>
  );
}

function ConfirmForm({ result, failed }: { result: Outcome | undefined; failed: boolean }) {
  const { t } = useLanguage();
  return (
    <Form method="post" className="mt-4 space-y-3" noValidate>
      <OutcomeAlert result={result} intent="twoFactorConfirm" />
      <TotpCodeField invalid={failed} className="max-w-xs" />
      <SubmitButton intent="twoFactorConfirm" busyLabel={t("twoFactor.verifying")}>
        {t("twoFactor.confirm")}
      </SubmitButton>
    </Form>
  );
}

function PasswordForm({
  intent,
  field,
  label,
  passwordLabel,
  result,
  outlined = false,
}: {
  intent: string;
  field: string;
  label: string;
  passwordLabel: MessageKey;
  result: Outcome | undefined;
  outlined?: boolean;
}) {
  const { t } = useLanguage();
  const failed = result?.intent === intent && !result.ok && Boolean(result.errors?.[field]);
  return (
    <Form method="post" className="mt-4 space-y-3" noValidate>
      {result?.intent === intent && !result.ok ? <FailureAlert failure={result} /> : null}
      <TextField
        label={t(passwordLabel)}
        name={field}
        type="password"
        autoComplete="current-password"
        invalid={failed}
        dir="ltr"
        className="max-w-sm"
      />
      <SubmitButton intent={intent} busyLabel={label} variant={outlined ? "outline" : "solid"}>
        {label}
      </SubmitButton>
    </Form>
  );
}

export function TwoFactorSection({
  state,
  required,
  setup,
  result,
  className,
}: {
  state: "off" | "pending" | "on";
  required: boolean;
  setup: SetupView | null;
  result: Outcome | undefined;
  className: string;
}) {
  const { t } = useLanguage();
  const confirmFailed = result?.intent === "twoFactorConfirm" && !result.ok && Boolean(result.errors?.code);
  const regenerated = result?.intent === "twoFactorCodes" && result.ok ? result.backupCodes : undefined;
  return (
    <section id="two-factor" className={className} aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        {t("twoFactor.title")}
      </h2>
      <p className="mt-2 text-sm text-stone-700">{t("twoFactor.intro")}</p>
      <p className="mt-2 text-sm font-semibold" data-testid="two-factor-status">
        {t(state === "on" ? "twoFactor.statusOn" : "twoFactor.statusOff")}
      </p>
      {required && state !== "on" ? (
        <div className="mt-3">
          <FormAlert>{t("twoFactor.requiredForAdmins")}</FormAlert>
        </div>
      ) : null}

      {state === "on" ? (
        <>
          {result?.intent === "twoFactorConfirm" && result.ok ? (
            <div className="mt-3">
              <FormAlert tone="success">{t("twoFactor.enabled")}</FormAlert>
            </div>
          ) : null}
          {regenerated ? (
            <div className="mt-4">
              <FormAlert tone="success">{t("twoFactor.regenerated")}</FormAlert>
              <BackupCodes codes={regenerated} />
            </div>
          ) : null}
          <PasswordForm
            intent="twoFactorCodes"
            field="codesPassword"
            label={t("twoFactor.regenerate")}
            passwordLabel="twoFactor.passwordForCodes"
            result={regenerated ? undefined : result}
            outlined
          />
          {required ? (
            <p className="mt-4 text-sm text-stone-700">{t("twoFactor.cannotDisable")}</p>
          ) : (
            <PasswordForm
              intent="twoFactorDisable"
              field="disablePassword"
              label={t("twoFactor.disable")}
              passwordLabel="twoFactor.passwordForDisable"
              result={result}
              outlined
            />
          )}
        </>
      ) : setup ? (
        <div className="mt-4 space-y-4">
          <div>
            <p className="text-sm font-medium">{t("twoFactor.scan")}</p>
            <svg
              role="img"
              aria-label={t("twoFactor.qrLabel")}
              viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
              width="208"
              height="208"
              shapeRendering="crispEdges"
              className="mt-2 rounded border border-stone-200"
              data-testid="two-factor-qr"
            >
              <rect width={setup.qr.size} height={setup.qr.size} fill="#fff" />
              <path d={setup.qr.path} fill="#000" />
            </svg>
            <p className="mt-2 text-sm text-stone-700">{t("twoFactor.manual")}</p>
            <code
              dir="ltr"
              className="mt-1 block break-all font-mono text-base tracking-wide"
              data-testid="two-factor-secret"
            >
              <bdi>{setup.secret.replace(/(.{4})(?=.)/g, "$1 ")}</bdi>
            </code>
          </div>
          <div>
            <h3 className="text-sm font-medium">{t("twoFactor.backupTitle")}</h3>
            <p className="mt-1 text-sm text-stone-700">{t("twoFactor.backupIntro")}</p>
            <BackupCodes codes={setup.backupCodes} />
          </div>
          <div>
            <p className="text-sm font-medium">{t("twoFactor.confirmIntro")}</p>
            <ConfirmForm result={result} failed={confirmFailed} />
          </div>
        </div>
      ) : state === "pending" ? (
        <>
          <p className="mt-3 text-sm text-stone-700">{t("twoFactor.pending")}</p>
          <ConfirmForm result={result} failed={confirmFailed} />
          <PasswordForm
            intent="twoFactorSetup"
            field="setupPassword"
            label={t("twoFactor.restart")}
            passwordLabel="twoFactor.password"
            result={result}
            outlined
          />
        </>
      ) : (
        <>
          {result?.intent === "twoFactorDisable" && result.ok ? (
            <div className="mt-3">
              <FormAlert tone="success">{t("twoFactor.disabled")}</FormAlert>
            </div>
          ) : null}
          <PasswordForm
            intent="twoFactorSetup"
            field="setupPassword"
            label={t("twoFactor.start")}
            passwordLabel="twoFactor.password"
            result={result}
          />
        </>
      )}
    </section>
  );
}
