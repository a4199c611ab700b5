// The restaurant page's Pesach section in season (ADR 023): open or closed, kitniyot, the Pesach
// certificate and the Chol HaMoed hours with their dates, as the server wrote them in the page's
// language (section.server.ts).
import type { PesachText } from "../section.server";

export function PesachSection({ pesach }: { pesach: PesachText }) {
  return (
    <section
      aria-labelledby="pesach-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
      data-testid="pesach-section"
    >
      <h2 id="pesach-title" className="text-xl font-bold">
        {pesach.title}
      </h2>
      <p className="text-sm text-stone-700">{pesach.days}</p>
      <p className="mt-2 font-semibold" data-testid="pesach-status">
        {pesach.status}
      </p>
      {pesach.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {pesach.cholHamoed ? (
        <p>
          {pesach.cholHamoed.label}:{" "}
          {pesach.cholHamoed.ranges.map((range) => (
            <span key={range} dir="ltr" className="me-2 inline-block">
              {range}
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
