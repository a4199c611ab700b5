// The restaurant page's reviews section as HTML, made on the server: the page shows it as it is, so
// a browser loads neither the section's code nor its words (the first visit's budget, ADR 015), on a
// first visit or a client-side navigation alike. React escapes every text (the reviews are the
// public's), as it does on any page.
import { renderToStaticMarkup } from "react-dom/server";
import type { ReviewsSectionData } from "./listing.server";
import { ReviewsSection } from "./components/ReviewsSection";

export function reviewsSectionHtml(section: ReviewsSectionData): string {
  return renderToStaticMarkup(<ReviewsSection section={section} />);
}
