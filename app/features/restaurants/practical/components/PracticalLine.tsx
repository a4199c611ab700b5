// The restaurant page's practical facts (ADR 024) as one compact line: the price level,
// the services known and the wheelchair access, in the page's language. The loader words them
// (practicalLabels), so every restaurant page's script carries no more than this; nothing when
// nothing is known.
export function PracticalLine({ labels }: { labels: readonly string[] | undefined }) {
  return labels && labels.length > 0 ? (
    <p className="mt-2 text-sm text-stone-700" data-testid="practical">
      {labels.join(" · ")}
    </p>
  ) : null;
}
