// Reading a page's meta tags (its loader's `meta`, lib/seo.server.ts) in tests.
import type { MetaDescriptor } from "react-router";

/** The page's title tag. */
export function titleOf(meta: MetaDescriptor[]): string | undefined {
  return meta.find((tag): tag is { title: string } => "title" in tag)?.title;
}

/** The page's schema.org Restaurant (its first JSON-LD block). */
export function structuredDataOf(meta: MetaDescriptor[]): Record<string, unknown> | undefined {
  return meta.find((tag): tag is { "script:ld+json": Record<string, unknown> } => "script:ld+json" in tag)?.[
    "script:ld+json"
  ];
}
