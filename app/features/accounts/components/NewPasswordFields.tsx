import { TextField } from "../../../components/ui/FormFields";
import { useLanguage } from "../../../lib/i18n/use-language";
import type { MessageKey } from "../../../locales/en";

/** A new password and its confirmation (sign-up, reset, the account page): typed left to right, offered to password managers as new. */
export function NewPasswordFields({
  label,
  invalid,
  error,
  required,
}: {
  /** The first field's label key ("Password" at sign-up, "New password" elsewhere). */
  label: MessageKey;
  /** Whether the failed answer names the field. */
  invalid: (field: "password" | "confirmPassword") => boolean;
  /** The field's own message, shown beside it (sign-up shows every field's). */
  error?: (field: "password" | "confirmPassword") => string | undefined;
  required?: boolean;
}) {
  const { t } = useLanguage();
  const common = {
    type: "password",
    autoComplete: "new-password",
    dir: "ltr",
    ...(required ? { required: true } : {}),
  } as const;
  return (
    <>
      <TextField
        label={t(label)}
        name="password"
        invalid={invalid("password")}
        error={error?.("password")}
        {...common}
      />
      <TextField
        label={t("auth.confirmPassword")}
        name="confirmPassword"
        invalid={invalid("confirmPassword")}
        error={error?.("confirmPassword")}
        {...common}
      />
    </>
  );
}
