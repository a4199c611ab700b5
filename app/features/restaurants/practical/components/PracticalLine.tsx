// The restaurant page's practical facts (issue 30) as a line of small badges: the price level,
// the services known and the wheelchair access, in the page's language. The loader words them
// (practicalLabels), so every restaurant page's script carries no more than this; nothing when
// nothing is known.
export function PracticalLine({ labels }: { labels: readonly string[] | undefined }) {
  return labels && labels.length > 0 ? (
    <ul className="mt-3 flex flex-wrap gap-2 text-sm" data-testid="practical">
      {labels.map((label) => (
        <li key={label} className="rounded-md border border-stone-300 px-2 py-0.5 text-stone-800">
          {label}
        </li>
      ))}
    </ul>
  ) : null;
}
