// "Suggest a restaurant" (ADR 023): names, address, kashrut as the visitor knows it, a link, a photo
// of the certificate, a note and an e-mail for the answer. A plain multipart form that posts to its
// own page, so it works without JavaScript (marked "basic": stricter limits). With JavaScript it
// is sent in place with a proof-of-work found while the visitor fills it in.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import { FormAlert, SubmitButton, TextAreaField, TextField } from "../../../../components/ui/FormFields";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { suggestPath } from "../../../../lib/paths";
import { useProofOfWork } from "../../../../lib/use-proof-of-work";
import type { MessageKey } from "../../../../locales/en";
import { formFileProblem } from "../../editing";
import { SUGGESTION_FIELD_MAX } from "../limits";
import type { SuggestionField } from "../rules";

/** What the suggest action answers. */
export interface SuggestAnswer {
  ok?: boolean;
  error?: MessageKey;
  errors?: Partial<Record<SuggestionField, MessageKey>>;
  values?: Record<string, string | number>;
  /** What was sent, to fill the form again after a refusal without JavaScript. */
  fields?: Record<string, string>;
}

function photoProblemOf(file: File | undefined): MessageKey | null {
  const problem = file && file.size > 0 ? formFileProblem(file, { pdf: false }) : null;
  return problem === "tooLarge" ? "suggest.photoTooLarge" : problem === "wrongType" ? "suggest.photoNotImage" : null;
}

export function SuggestForm({ answer: pageAnswer }: { answer?: SuggestAnswer | undefined }) {
  const { language, t } = useLanguage();
  const fetcher = useFetcher<SuggestAnswer>();
  const id = useId();
  const { start: startProof, sign, waiting } = useProofOfWork();
  const thanks = useRef<HTMLDivElement>(null);
  const answer = fetcher.data ?? pageAnswer;
  const sent = answer?.ok === true;
  const busy = waiting || fetcher.state !== "idle";
  // What the visitor typed, kept after a refusal with JavaScript (the form is not re-rendered from the server).
  const [typed, setTyped] = useState<Record<string, string> | undefined>(pageAnswer?.fields);
  const [photoProblem, setPhotoProblem] = useState<MessageKey | null>(null);

  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setTyped(
      Object.fromEntries(
        [...data.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      ),
    );
    // The photo is checked here before anything is sent (the server checks it again).
    const file = data.get("certificate");
    const problem = photoProblemOf(file instanceof File ? file : undefined);
    setPhotoProblem(problem);
    if (problem) {
      const input = event.currentTarget.elements.namedItem("certificate");
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    await sign(data);
    await fetcher.submit(data, { method: "post", action: suggestPath(language), encType: "multipart/form-data" });
  }

  if (sent) {
    return (
      <div
        ref={thanks}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-brand-600/40 bg-brand-50 p-4 text-brand-900 outline-none"
        data-testid="suggest-thanks"
      >
        <p className="font-semibold">{t("suggest.thanksTitle")}</p>
        <p className="mt-1">{t("suggest.thanks")}</p>
        <Link
          reloadDocument
          to={suggestPath(language)}
          className="mt-3 inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
        >
          {t("suggest.another")}
        </Link>
      </div>
    );
  }

  const errors = answer?.errors ?? {};
  const before = typed ?? pageAnswer?.fields ?? {};
  const message = (key: MessageKey | undefined) => (key ? t(key, answer?.values) : undefined);
  const field = (name: string) => `${id}-${name}`;
  return (
    <form
      method="post"
      action={suggestPath(language)}
      encType="multipart/form-data"
      // The proof-of-work starts when the visitor begins the form (React's onFocus bubbles).
      onFocus={startProof}
      onSubmit={submit}
      noValidate
      className="space-y-4"
      data-testid="suggest-form"
      // After a refusal with JavaScript the fields are drawn again with what was typed.
      key={fetcher.data ? JSON.stringify(fetcher.data) : "form"}
    >
      {answer?.error ? <FormAlert>{message(answer.error)}</FormAlert> : null}
      <input type="hidden" name="mode" value="basic" />
      <p className="text-sm text-stone-700">{t("suggest.nameHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("suggest.nameEn")}
          name="nameEn"
          id={field("nameEn")}
          dir="ltr"
          maxLength={SUGGESTION_FIELD_MAX.name}
          autoComplete="off"
          defaultValue={before.nameEn}
          error={message(errors.nameEn)}
          inputClassName="rtl:text-right"
        />
        <TextField
          label={t("suggest.nameHe")}
          name="nameHe"
          id={field("nameHe")}
          dir="rtl"
          lang="he"
          maxLength={SUGGESTION_FIELD_MAX.name}
          autoComplete="off"
          defaultValue={before.nameHe}
          error={message(errors.nameHe)}
        />
      </div>
      <TextField
        label={t("suggest.address")}
        name="address"
        id={field("address")}
        dir="auto"
        required
        maxLength={SUGGESTION_FIELD_MAX.address}
        autoComplete="off"
        defaultValue={before.address}
        error={message(errors.address)}
      />
      <TextField
        label={t("suggest.kashrut")}
        name="kashrut"
        id={field("kashrut")}
        dir="auto"
        maxLength={SUGGESTION_FIELD_MAX.kashrut}
        autoComplete="off"
        defaultValue={before.kashrut}
        hint={t("suggest.kashrutHint")}
        error={message(errors.kashrut)}
      />
      <TextField
        label={t("suggest.website")}
        name="link"
        id={field("link")}
        type="url"
        dir="ltr"
        inputMode="url"
        maxLength={SUGGESTION_FIELD_MAX.link}
        autoComplete="off"
        defaultValue={before.link}
        error={message(errors.link)}
        inputClassName="rtl:text-right"
      />
      <TextField
        label={t("suggest.certificate")}
        name="certificate"
        id={field("certificate")}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hint={t("suggest.certificateHint")}
        onChange={(event) => setPhotoProblem(photoProblemOf(event.currentTarget.files?.[0]))}
        error={photoProblem ? t(photoProblem) : message(errors.certificate)}
      />
      <TextAreaField
        label={t("suggest.note")}
        name="note"
        id={field("note")}
        rows={3}
        maxLength={SUGGESTION_FIELD_MAX.note}
        defaultValue={before.note}
        dir="auto"
        error={message(errors.note)}
      />
      <TextField
        label={t("suggest.email")}
        name="email"
        id={field("email")}
        type="email"
        dir="ltr"
        autoComplete="email"
        defaultValue={before.email}
        hint={t("suggest.emailHint")}
        error={message(errors.email)}
        inputClassName="rtl:text-right"
      />
      {/* A field people never see nor reach; a bot that fills every field is refused (nothing stored). */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={field("website")}>{t("suggest.honeypot")}</label>
        <input id={field("website")} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <SubmitButton busy={busy} busyLabel={t("suggest.sending")}>
        {t("suggest.submit")}
      </SubmitButton>
    </form>
  );
}
