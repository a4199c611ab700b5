// The add/edit restaurant form: the spec's sections, on-change validation with its messages, the
// derived menu type, uploads, and a draft in local storage kept on every change.
import { Suspense, useEffect, useEffectEvent, useId, useMemo, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import {
  CheckboxField,
  Choice,
  ChoiceGroup,
  FieldError,
  RequiredNote,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../../../components/ui/FormFields";
import { cn } from "../../../../lib/cn";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { useLocalDraft } from "../../../../lib/use-local-draft";
import { useFocusFirstInvalid } from "../../../../lib/use-focus-first-invalid";
import { DraftNotice } from "../../../../components/ui/DraftNotice";
import type { MessageKey } from "../../../../locales/en";
import {
  TAG_NAMES,
  tagLabel,
  menuKind,
  type MenuKind,
  type RestaurantFormValues,
  coordinatesFromLink,
  inIsrael,
  roundCoordinate,
  type LatLng,
} from "../../core";
import { EMPTY_FORM, parseRestaurantForm, type FieldErrors } from "../form-schema";
import { MenuImagesField } from "./MenuImagesField";
import { UploadField } from "./UploadField";
import { withScheme } from "../../../../lib/links";
import type { MapTiles } from "../../../../lib/context";
import { CertificateFieldset } from "../../certificate";
import { PracticalFieldset } from "../../practical";
// The pin map's code (Leaflet) loads with the form, after it: never part of a public page.
import { PinMap } from "../../map";

export function draftKey(id: string | undefined): string {
  return id ? `restaurant-form-${id}` : "restaurant-form-new";
}

/** A kept draft as the form's values; a draft kept before a field existed gets that field empty. */
function readDraft(value: unknown): RestaurantFormValues | null {
  return typeof value === "object" && value !== null && "nameEn" in value
    ? { ...EMPTY_FORM, ...(value as Partial<RestaurantFormValues>) }
    : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-5">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      <div className="mt-2 grid gap-4">{children}</div>
    </fieldset>
  );
}

export interface SaveResponse {
  errors?: FieldErrors;
  error?: MessageKey;
}

/** A typed pair that is a place (the form's rules say what is wrong with any other). */
function placeOf(values: Pick<RestaurantFormValues, "latitude" | "longitude">): LatLng | null {
  const lat = Number(values.latitude.trim() || NaN);
  const lng = Number(values.longitude.trim() || NaN);
  return Number.isFinite(lat) && Number.isFinite(lng) && inIsrael({ lat, lng }) ? { lat, lng } : null;
}

type LinkReading = "found" | "noLink" | "notInLink" | null;

/** The fields the form's rules require (form-schema.ts): marked beside their labels, `required` on the control. */
const REQUIRED_FIELDS: ReadonlySet<keyof RestaurantFormValues> = new Set(["nameEn", "address"]);

export function RestaurantForm({
  id,
  draft: draftName,
  initial,
  tiles,
}: {
  id?: string | undefined;
  /** The kept draft's name for a new restaurant made from something (a suggestion): not the blank form's. */
  draft?: string | undefined;
  initial: RestaurantFormValues;
  tiles: MapTiles;
}) {
  const { language, t } = useLanguage();
  const uid = useId();
  const fetcher = useFetcher<SaveResponse>();
  const key = draftKey(id ?? draftName);
  const [values, setValues] = useState<RestaurantFormValues>(initial);
  const [touched, setTouched] = useState<Set<keyof RestaurantFormValues>>(new Set());
  const [kind, setKind] = useState<MenuKind>(menuKind(initial));
  const [linkReading, setLinkReading] = useState<LinkReading>(null);
  const submitting = fetcher.state !== "idle";

  // Validated on every change; a field's message shows once it has been touched (or on submit).
  const parsed = useMemo(() => parseRestaurantForm(values), [values]);
  const clientErrors: FieldErrors = parsed.ok ? {} : parsed.errors;
  const serverErrors = fetcher.data?.errors ?? {};
  const errorOf = (field: keyof RestaurantFormValues): MessageKey | undefined =>
    (touched.has(field) ? clientErrors[field] : undefined) ?? serverErrors[field];

  /** A field's message in the page's language. */
  const messageOf = (field: keyof RestaurantFormValues): string | undefined => {
    const error = errorOf(field);
    return error ? t(error) : undefined;
  };

  // A restored draft is said above the form, which offers to keep it or discard it.
  const [restored, setRestored] = useState(false);
  const draft = useLocalDraft(key, values, {
    read: readDraft,
    onRestore: (kept) => {
      setValues(kept);
      setKind(menuKind(kept));
      setRestored(true);
    },
  });
  const discardDraft = () => {
    draft.clear();
    setValues(initial);
    setKind(menuKind(initial));
    setTouched(new Set());
    setRestored(false);
  };

  // A failed save takes the person to the first field in error (on a phone it may be far above).
  const { ref: formRef, focusFirstInvalidLater } = useFocusFirstInvalid<HTMLFormElement>();
  const onSaveFailed = useEffectEvent((response: SaveResponse) => {
    draft.save(values);
    toast.error(t("editor.errorTitle"), { description: t(response.error ?? "editor.saveFailed") });
    if (response.errors) focusFirstInvalidLater();
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && (fetcher.data.error || fetcher.data.errors))
      onSaveFailed(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  /**
   * Changes are applied to the latest values, never to a copy captured earlier: uploads finish
   * in any order, and each must keep what the others (and the user) changed meanwhile.
   */
  const update = (
    patch: Partial<RestaurantFormValues> | ((current: RestaurantFormValues) => Partial<RestaurantFormValues>),
  ) => {
    // The draft follows (useLocalDraft keeps every change).
    setValues((current) => ({ ...current, ...(typeof patch === "function" ? patch(current) : patch) }));
    if (typeof patch !== "function") {
      setTouched((previous) => new Set([...previous, ...(Object.keys(patch) as (keyof RestaurantFormValues)[])]));
    }
  };

  const chooseMenuKind = (next: MenuKind) => {
    setKind(next);
    // Spec: link or PDF clears the menu images; images clears the link; none clears both.
    if (next === "link" || next === "pdf")
      update((current) => ({ menuImages: [], menuLink: next === kind ? current.menuLink : "" }));
    else if (next === "images") update({ menuLink: "" });
    else update({ menuImages: [], menuLink: "" });
  };

  const text = (
    field: keyof RestaurantFormValues,
    label: string,
    extra: {
      type?: string;
      placeholder?: string;
      dir?: "ltr" | "rtl" | "auto";
      autoComplete?: string;
      inputMode?: "decimal";
    } = {},
  ) => {
    return (
      <TextField
        label={label}
        name={field}
        type={extra.type ?? "text"}
        value={values[field] as string}
        placeholder={extra.placeholder}
        dir={extra.dir}
        inputMode={extra.inputMode}
        autoComplete={extra.autoComplete ?? "off"}
        error={messageOf(field)}
        required={REQUIRED_FIELDS.has(field)}
        onChange={(event) => update({ [field]: event.target.value })}
        // A bare domain is shown as the https address it will be saved as (ADR 013).
        onBlur={
          extra.type === "url"
            ? (event) => {
                const typed = event.target.value;
                const normalised = withScheme(typed);
                if (normalised !== typed.trim()) update({ [field]: normalised });
              }
            : undefined
        }
      />
    );
  };

  // The same object while the pair is unchanged: the map moves only when the place does.
  const { latitude, longitude } = values;
  const place = useMemo(() => placeOf({ latitude, longitude }), [latitude, longitude]);
  const setPlace = (next: LatLng | null) => {
    setLinkReading(null);
    update(next ? { latitude: String(next.lat), longitude: String(next.lng) } : { latitude: "", longitude: "" });
  };
  const fromLink = () => {
    const link = values.wazeLink.trim();
    const found = link === "" ? null : coordinatesFromLink(withScheme(link));
    if (found) setPlace({ lat: roundCoordinate(found.lat), lng: roundCoordinate(found.lng) });
    setLinkReading(link === "" ? "noLink" : found ? "found" : "notInLink");
  };

  const submit = () => {
    setTouched(new Set(Object.keys(values) as (keyof RestaurantFormValues)[]));
    if (!parsed.ok) {
      toast.error(t("editor.errorTitle"), { description: t("form.invalid") });
      focusFirstInvalidLater();
      return;
    }
    // Cleared now; put back if the save fails (see onSaveFailed).
    draft.clear();
    // A JSON round trip drops undefined optionals, which is what makes the values a JSON value.
    const payload = JSON.parse(JSON.stringify({ intent: "save", values: parsed.values })) as Parameters<
      typeof fetcher.submit
    >[0];
    void fetcher.submit(payload, { method: "post", encType: "application/json" });
  };

  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {restored ? (
        <DraftNotice
          message={t("editor.draftRestored")}
          keepLabel={t("editor.draftKeep")}
          discardLabel={t("editor.draftDiscard")}
          onKeep={() => setRestored(false)}
          onDiscard={discardDraft}
        />
      ) : null}
      <RequiredNote>{t("editor.requiredNote")}</RequiredNote>
      <Section title={t("editor.basic")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("nameEn", t("editor.nameEn"), { dir: "ltr" })}
          {text("nameHe", t("editor.nameHe"), { dir: "rtl" })}
        </div>
        {text("address", t("editor.address"), { dir: "auto", autoComplete: "street-address" })}
        {text("addressHe", t("editor.addressHe"), { dir: "rtl" })}
      </Section>

      {/* The kashrut: one group, the certificate's facts (the spec's value follows from them). */}
      <CertificateFieldset values={values} update={update} messageOf={messageOf} />

      <Section title={t("editor.contact")}>
        {text("phoneNumber", t("editor.phone"), { type: "tel", placeholder: t("editor.phonePlaceholder"), dir: "ltr" })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("wazeLink", t("editor.waze"), { type: "url", dir: "ltr" })}
          {text("bookingLink", t("editor.booking"), { type: "url", dir: "ltr" })}
          {text("onlineOrderLink", t("editor.order"), { type: "url", dir: "ltr" })}
          {text("woltLink", t("editor.wolt"), { type: "url", dir: "ltr" })}
          {text("kashrutWebsite", t("editor.kashrutWebsite"), { type: "url", dir: "ltr" })}
        </div>
        <TextAreaField
          label={t("editor.hours")}
          name="openingHours"
          value={values.openingHours}
          dir="auto"
          rows={3}
          error={messageOf("openingHours")}
          onChange={(event) => update({ openingHours: event.target.value })}
        />
        <TextAreaField
          label={t("editor.hoursHe")}
          name="openingHoursHe"
          value={values.openingHoursHe}
          dir="rtl"
          rows={3}
          error={messageOf("openingHoursHe")}
          onChange={(event) => update({ openingHoursHe: event.target.value })}
        />
      </Section>

      {/* The practical facts. */}
      <PracticalFieldset values={values} update={update} messageOf={messageOf} />

      <Section title={t("editor.location")}>
        <p className="text-sm text-stone-700">{t("editor.locationHint")}</p>
        {/* On the server it renders its empty frame (Leaflet starts in an effect, in the browser). */}
        <Suspense fallback={<div className="h-72 rounded-lg border border-stone-300 bg-stone-100" />}>
          <PinMap value={place} tiles={tiles} onPick={setPlace} />
        </Suspense>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("latitude", t("editor.latitude"), { dir: "ltr", inputMode: "decimal", placeholder: "32.0853" })}
          {text("longitude", t("editor.longitude"), { dir: "ltr", inputMode: "decimal", placeholder: "34.7818" })}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={fromLink}
            className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50"
          >
            {t("editor.locationFromLink")}
          </button>
          {place ? (
            <button
              type="button"
              onClick={() => setPlace(null)}
              className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 font-medium text-stone-800 hover:bg-stone-50"
            >
              {t("editor.locationClear")}
            </button>
          ) : null}
        </div>
        <p
          role="status"
          className={cn("text-sm", linkReading === "found" ? "text-brand-800" : "font-medium text-red-700")}
          data-testid="location-reading"
        >
          {linkReading === "found"
            ? t("editor.locationFound")
            : linkReading === "noLink"
              ? t("editor.locationNoLink")
              : linkReading === "notInLink"
                ? t("editor.locationNotInLink")
                : ""}
        </p>
      </Section>

      <Section title={t("editor.media")}>
        <div className="grid gap-6 sm:grid-cols-2">
          <UploadField
            kind="photo"
            label={t("editor.photo")}
            value={values.photo}
            onChange={(photo) => update({ photo })}
            error={errorOf("photo")}
          />
          <UploadField
            kind="teuda"
            label={t("editor.teuda")}
            value={values.teuda}
            onChange={(teuda) => update({ teuda })}
            error={errorOf("teuda")}
          />
        </div>
      </Section>

      <Section title={t("editor.menu")}>
        <div role="radiogroup" aria-label={t("editor.menuType")} className="flex flex-wrap gap-3">
          {(
            [
              ["none", "editor.menuNone"],
              ["link", "editor.menuLink"],
              ["pdf", "editor.menuPdf"],
              ["images", "editor.menuImages"],
            ] as const
          ).map(([value, label]) => (
            <Choice
              key={value}
              type="radio"
              label={t(label)}
              name={`${uid}-menu-kind`}
              value={value}
              checked={kind === value}
              onChange={() => chooseMenuKind(value)}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3"
              inputClassName="accent-brand-700"
            />
          ))}
        </div>
        {kind === "link" ? text("menuLink", t("editor.menuLinkField"), { type: "url", dir: "ltr" }) : null}
        {kind === "pdf" ? (
          <UploadField
            kind="pdf"
            label={t("editor.pdfField")}
            value={values.menuLink}
            onChange={(menuLink) => update({ menuLink })}
            error={errorOf("menuLink")}
          />
        ) : null}
        {kind === "images" ? (
          <MenuImagesField
            images={values.menuImages}
            onChange={(change) => update((current) => ({ menuImages: change(current.menuImages) }))}
          />
        ) : null}
        {messageOf("menuImages") ? <FieldError>{messageOf("menuImages")}</FieldError> : null}
      </Section>

      <Section title={t("editor.descriptionTags")}>
        <ChoiceGroup
          legend={t("manage.tags")}
          id="field-tags"
          error={messageOf("tags")}
          listClassName="mt-2 grid max-h-56 grid-cols-2 gap-x-4 overflow-y-auto rounded-lg border border-stone-200 p-3"
          testId="tag-list"
        >
          {TAG_NAMES.map((tag) => (
            <Choice
              key={tag}
              label={tagLabel(tag, language)}
              checked={values.tags.includes(tag)}
              onChange={() =>
                update((current) => ({
                  tags: current.tags.includes(tag)
                    ? current.tags.filter((other) => other !== tag)
                    : [...current.tags, tag],
                }))
              }
              className="flex min-h-9 items-center gap-2 text-sm"
            />
          ))}
        </ChoiceGroup>
        <TextAreaField
          label={t("editor.descriptionEn")}
          name="descriptionEn"
          dir="ltr"
          rows={4}
          value={values.descriptionEn}
          error={messageOf("descriptionEn")}
          onChange={(event) => update({ descriptionEn: event.target.value })}
        />
        <TextAreaField
          label={t("editor.descriptionHe")}
          name="descriptionHe"
          dir="rtl"
          rows={4}
          value={values.descriptionHe}
          error={messageOf("descriptionHe")}
          onChange={(event) => update({ descriptionHe: event.target.value })}
        />
      </Section>

      <Section title={t("editor.status")}>
        <CheckboxField
          label={t("editor.closed")}
          name="isPermanentlyClosed"
          checked={values.isPermanentlyClosed}
          onChange={(event) => update({ isPermanentlyClosed: event.target.checked })}
        />
      </Section>

      <SubmitButton size="lg" busy={submitting} busyLabel={t("editor.saving")}>
        {t("editor.save")}
      </SubmitButton>
    </form>
  );
}
