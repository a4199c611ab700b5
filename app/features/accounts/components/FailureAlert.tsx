import { FormAlert } from "../../../components/ui/FormFields";
import { useLanguage } from "../../../lib/i18n/use-language";
import type { MessageKey } from "../../../locales/en";

/** An action's failure as the error model answers it (ErrorAnswer in app/lib/action-error.server.ts). */
export interface FailureView {
  error: MessageKey;
  values?: Record<string, string | number> | undefined;
  reasons?: MessageKey[] | undefined;
}

export function FailureAlert({ failure }: { failure: FailureView }) {
  const { t } = useLanguage();
  return (
    <FormAlert>
      <p className="font-semibold">{t(failure.error, failure.values)}</p>
      {failure.reasons && failure.reasons.length > 0 ? (
        <ul className="mt-1 list-disc ps-5">
          {failure.reasons.map((reason) => (
            <li key={reason}>{t(reason)}</li>
          ))}
        </ul>
      ) : null}
    </FormAlert>
  );
}
