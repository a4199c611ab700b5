// The one set of form pieces (ADR 021): labelled fields (text, textarea, select), checkboxes and
// radio groups, each wired the same way — the label names the control, `aria-invalid` marks a field
// in error, `aria-describedby` points at its hint and its message — a form-level alert, and a submit
// button that is disabled with a "submitting" label while its form is being sent. The messages are
// the page's words (already translated); the server's field error keys become them in the page.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useNavigation } from "react-router";
import { cn } from "../../lib/cn";
import { ltrRuns } from "../../lib/i18n/ltr-runs";

/** What every labelled field takes beside its control's own attributes. */
interface FieldProps {
  label: ReactNode;
  name: string;
  /** The control's id (default `field-<name>`); its hint and error are `<id>-hint` and `<id>-error`. */
  id?: string | undefined;
  /** A message shown under the field. */
  error?: string | undefined;
  /** Marks the field as the one a form-level alert is about, without repeating the message. */
  invalid?: boolean;
  hint?: ReactNode;
  /** The hint under the label, before the control (default: after it). */
  hintFirst?: boolean;
  /** The wrapper's classes (label, control, hint and error). */
  className?: string | undefined;
  /** Classes added to the control itself. */
  inputClassName?: string | undefined;
}

/** The look of a text-like control (input, textarea, select); a field in error has a thick red border. */
export function controlClass(bad: boolean, extra?: string): string {
  return cn(
    "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base",
    bad ? "border-2 border-red-700" : "border-stone-300",
    extra,
  );
}

/** The ids and attributes that tie a control to its label, hint and message. */
function wiring({
  name,
  id,
  error,
  invalid = false,
  hint,
}: Pick<FieldProps, "name" | "id" | "error" | "invalid" | "hint">) {
  const fieldId = id ?? `field-${name}`;
  const bad = invalid || Boolean(error);
  const describedBy =
    [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return {
    fieldId,
    bad,
    control: { id: fieldId, "aria-invalid": bad ? true : undefined, "aria-describedby": describedBy },
  };
}

/** A field's message, in the field error's look; `id` is what its control's `aria-describedby` names. */
export function FieldError({
  id,
  children,
  className,
  alert = false,
}: {
  id?: string | undefined;
  children: ReactNode;
  className?: string;
  alert?: boolean;
}) {
  return (
    <p id={id} role={alert ? "alert" : undefined} className={cn("mt-1 text-sm font-medium text-red-700", className)}>
      {children}
    </p>
  );
}

/**
 * A field's hint, in the hint's look. In a text hint, a phone number or web address is isolated
 * left to right and kept on one line (in a Hebrew hint it would otherwise reorder or break at 360 px).
 */
export function FieldHint({
  id,
  children,
  className,
}: {
  id?: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <p id={id} className={cn("mt-1 text-sm text-stone-600", className)}>
      {typeof children === "string"
        ? ltrRuns(children).map((part, index) =>
            part.ltr ? (
              <bdi key={index} dir="ltr" className="whitespace-nowrap">
                {part.text}
              </bdi>
            ) : (
              part.text
            ),
          )
        : children}
    </p>
  );
}

/**
 * The visible mark of a required field, after its label. Hidden from screen readers: the control's
 * own `required` says it (the form's note, RequiredNote, says what the mark means).
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ms-0.5 font-bold text-red-700" data-required-mark="">
      *
    </span>
  );
}

/** What the required mark means, once above a form's fields (the page's words). */
export function RequiredNote({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-stone-700">
      <RequiredMark /> {children}
    </p>
  );
}

function Field({
  fieldId,
  label,
  error,
  hint,
  hintFirst = false,
  required = false,
  className,
  children,
}: Pick<FieldProps, "label" | "error" | "hint" | "hintFirst" | "className"> & {
  fieldId: string;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  const hintLine = hint ? <FieldHint id={`${fieldId}-hint`}>{hint}</FieldHint> : null;
  return (
    <div className={className}>
      {required ? (
        // The mark sits beside the label, not in it: the field's name stays its label's words.
        <div className="text-sm font-medium text-stone-800">
          <label htmlFor={fieldId}>{label}</label>
          <RequiredMark />
        </div>
      ) : (
        <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
      )}
      {hintFirst ? hintLine : null}
      {children}
      {hintFirst ? null : hintLine}
      {error ? <FieldError id={`${fieldId}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export function TextField({
  label,
  name,
  id,
  error,
  invalid,
  hint,
  hintFirst,
  className,
  inputClassName,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className">) {
  const { fieldId, bad, control } = wiring({ name, id, error, invalid, hint });
  return (
    <Field
      fieldId={fieldId}
      label={label}
      error={error}
      hint={hint}
      hintFirst={hintFirst}
      required={input.required}
      className={className}
    >
      <input name={name} {...control} className={controlClass(bad, inputClassName)} {...input} />
    </Field>
  );
}

export function TextAreaField({
  label,
  name,
  id,
  error,
  invalid,
  hint,
  hintFirst,
  className,
  inputClassName,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "className">) {
  const { fieldId, bad, control } = wiring({ name, id, error, invalid, hint });
  return (
    <Field
      fieldId={fieldId}
      label={label}
      error={error}
      hint={hint}
      hintFirst={hintFirst}
      required={textarea.required}
      className={className}
    >
      <textarea name={name} {...control} className={controlClass(bad, inputClassName)} {...textarea} />
    </Field>
  );
}

export function SelectField({
  label,
  name,
  id,
  error,
  invalid,
  hint,
  hintFirst,
  className,
  inputClassName,
  children,
  ...select
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "className">) {
  const { fieldId, bad, control } = wiring({ name, id, error, invalid, hint });
  return (
    <Field
      fieldId={fieldId}
      label={label}
      error={error}
      hint={hint}
      hintFirst={hintFirst}
      required={select.required}
      className={className}
    >
      <select name={name} {...control} className={controlClass(bad, inputClassName)} {...select}>
        {children}
      </select>
    </Field>
  );
}

/** One checkbox or radio button with its label beside it (inside a ChoiceGroup, or alone). */
export function Choice({
  label,
  className = "flex min-h-11 items-center gap-2",
  inputClassName = "h-4 w-4 accent-brand-700",
  type = "checkbox",
  ...input
}: { label: ReactNode; className?: string; inputClassName?: string; type?: "checkbox" | "radio" } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "className" | "type"
>) {
  return (
    <label className={className}>
      <input type={type} className={inputClassName} {...input} />
      <span>{label}</span>
    </label>
  );
}

/** A checkbox that stands alone (a yes/no setting). */
export function CheckboxField(props: Omit<Parameters<typeof Choice>[0], "type">) {
  return <Choice inputClassName="h-5 w-5 accent-brand-700" {...props} type="checkbox" />;
}

/**
 * Checkboxes or radio buttons under one legend, with the group's message: a fieldset the message
 * describes. `id` names the message (`<id>-error`); the choices go in `children`.
 */
export function ChoiceGroup({
  legend,
  id,
  error,
  className,
  listClassName = "mt-2 grid gap-1",
  children,
  testId,
}: {
  legend: ReactNode;
  id: string;
  error?: string | undefined;
  className?: string;
  listClassName?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className={listClassName} data-testid={testId}>
        {children}
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

export function FormAlert({ tone = "error", children }: { tone?: "error" | "success"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border p-3 text-sm",
        tone === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-brand-600/40 bg-brand-50 text-brand-900",
      )}
    >
      {children}
    </div>
  );
}

const VARIANTS = {
  /** The form's main action. */
  solid: "bg-brand-700 text-white hover:bg-brand-800",
  /** A second action beside it. */
  outline: "bg-white text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50",
  /** An action that sets something aside (dismiss). */
  neutral: "bg-stone-700 text-white hover:bg-stone-800",
} as const;

const SIZES = {
  md: "min-h-11 px-5 py-2",
  /** The one action at the end of a long form. */
  lg: "min-h-12 px-6",
} as const;

/**
 * Disabled, with `busyLabel`, while this form (identified by its intent or action) is submitting;
 * a form sent another way (a fetcher, after a proof-of-work) says when it is busy with `busy`.
 */
export function SubmitButton({
  children,
  busyLabel,
  busy,
  intent,
  variant = "solid",
  size = "md",
  className,
}: {
  children: ReactNode;
  busyLabel: ReactNode;
  busy?: boolean | undefined;
  intent?: string;
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const navigation = useNavigation();
  const submitting =
    busy ??
    (navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent));
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={submitting}
      className={cn(
        "inline-flex items-center justify-center rounded-lg font-semibold disabled:cursor-not-allowed disabled:opacity-70",
        SIZES[size],
        VARIANTS[variant],
        className,
      )}
    >
      {submitting ? busyLabel : children}
    </button>
  );
}
