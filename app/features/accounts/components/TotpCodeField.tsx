import type { ComponentProps } from "react";
import { TextField } from "../../../components/ui/FormFields";
import { useLanguage } from "../../../lib/i18n/use-language";

/** The 6-digit code from an authenticator app: numeric keyboard, one-time-code autofill, digits left to right. */
export function TotpCodeField(props: Omit<ComponentProps<typeof TextField>, "label" | "name">) {
  const { t } = useLanguage();
  return (
    <TextField
      label={t("twoFactor.code")}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={7}
      dir="ltr"
      inputClassName="font-mono"
      {...props}
    />
  );
}
