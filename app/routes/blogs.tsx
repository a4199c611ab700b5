import { Link } from "react-router";
import type { Route } from "./+types/blogs";
import { BlogImage } from "../features/blog/components/BlogImage";
import { listBlogs } from "../features/blog/blog.server";
import { formatBlogDate } from "../features/blog/format";
import { servicesContext } from "../lib/context";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import { blogAddPath, blogPath, blogsPath } from "../lib/paths";
import { viewerContext } from "../lib/session.server";
import { loaderMeta } from "../lib/meta";
import { pageMeta } from "../lib/seo.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  const { posts } = await listBlogs(db);
  const t = translator("en");
  return {
    canManage: can(context.get(viewerContext), "blog:manage"),
    posts: posts.map(({ content: _content, ...card }) => card),
    // The blog is written in English only.
    meta: pageMeta({
      publicUrl: settings.publicUrl,
      language: "en",
      title: `${t("blog.title")} | ${t("brand.name")}`,
      description: t("blog.tagline"),
      path: blogsPath(),
      type: "website",
    }),
  };
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const { posts, canManage } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold">{t("blog.title")}</h1>
          <p className="mt-2 max-w-2xl text-stone-700">{t("blog.tagline")}</p>
        </div>
        {canManage ? (
          <Link
            to={blogAddPath()}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            {t("blog.add")}
          </Link>
        ) : null}
      </div>
      {posts.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <h2 className="text-lg font-semibold">{t("blog.emptyTitle")}</h2>
          <p className="mt-2 text-stone-700">{canManage ? t("blog.emptyAdmin") : t("blog.emptyVisitor")}</p>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("blog.listLabel")}>
          {posts.map((post, index) => (
            <li key={post.id}>
              <Link
                to={blogPath(post)}
                className="block h-full overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md"
              >
                <BlogImage
                  src={post.image}
                  alt=""
                  eager={index < 3}
                  className="aspect-[1200/630] w-full bg-stone-200 object-cover"
                />
                <div className="p-4">
                  <h2 className="text-lg font-semibold text-stone-900">{post.title}</h2>
                  <p className="mt-1 line-clamp-3 text-stone-700">{post.subtitle}</p>
                  <p className="mt-3 text-sm text-stone-600">
                    <time dateTime={post.date}>{formatBlogDate(post.date)}</time>
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
