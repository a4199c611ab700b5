// The placeholders the root shows while the home page's or the blog list's data loads during a
// client transition (the spec's 8 cards and 3 posts). No first visit shows one, so they are fetched
// in one small file when the first such transition starts (root.tsx), not with every page.
export { HomeSkeleton } from "./features/restaurants/search/components/HomeSkeleton";
export { BlogSkeleton } from "./features/blog/components/BlogSkeleton";
