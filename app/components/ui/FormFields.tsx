// Form pieces: labelled fields with their error, a form-level alert, and a submit button that is
// disabled with a "submitting" label while its form is being sent.
import type { InputHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";
import { cn } from "../../lib/cn";

export function TextField({
  label,
  name,
  error,
  invalid = false,
  hint,
  className,
  inputClassName,
  ...input
}: {
  label: string;
  name: string;
  /** A message shown under the field. */
  error?: string | undefined;
  /** Marks the field as the one a form-level alert is about, without repeating the message. */
  invalid?: boolean;
  hint?: string;
  /** Classes for the input itself (`className` is the wrapper's, label included). */
  inputClassName?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${name}`;
  const bad = invalid || Boolean(error);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={bad ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base",
          bad ? "border-2 border-red-700" : "border-stone-300",
          inputClassName,
        )}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
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

/** Disabled, with `busyLabel`, while this form (identified by its intent or action) is submitting. */
export function SubmitButton({
  children,
  busyLabel,
  intent,
  variant = "solid",
  className,
}: {
  children: ReactNode;
  busyLabel: ReactNode;
  intent?: string;
  variant?: keyof typeof VARIANTS;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={busy}
      className={cn(
        "inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-70",
        VARIANTS[variant],
        className,
      )}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
