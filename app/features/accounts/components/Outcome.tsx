// One account form's answer, said on that form: what changed, or why not.
import { FormAlert } from "../../../components/ui/FormFields";
import { useLanguage } from "../../../lib/i18n/use-language";
import type { ActionResult, Intent } from "../account-page.server";
import { FailureAlert } from "./FailureAlert";

export function Outcome({ result, intent }: { result: ActionResult | undefined; intent: Intent }) {
  const { t } = useLanguage();
  if (!result || result.intent !== intent) return null;
  return result.ok ? <FormAlert tone="success">{t(result.message)}</FormAlert> : <FailureAlert failure={result} />;
}
