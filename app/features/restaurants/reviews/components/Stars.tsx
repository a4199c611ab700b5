/** A rating as five stars, filled up to `stars`; `text` says it in words for screen readers ("4 out of 5 stars"). */
export function Stars({ stars, text }: { stars: number; text: string }) {
  return (
    <span className="inline-flex items-center">
      <span aria-hidden="true" className="tracking-tight text-amber-700">
        {"★".repeat(stars)}
        <span className="text-stone-300">{"★".repeat(5 - stars)}</span>
      </span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
