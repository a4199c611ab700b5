import { isRouteErrorResponse, Link, useSubmit } from "react-router";
import type { Route } from "./+types/blog-post";
import { ConfirmDialog } from "../components/ui/ConfirmDialog";
import { ShareButton } from "../components/ui/ShareButton";
import { BlogImage } from "../features/blog/components/BlogImage";
import { BlogNotFoundError, deleteBlog, findBlog } from "../features/blog/blog.server";
import { renderMarkdown } from "../features/blog/markdown.server";
import { formatBlogDate } from "../features/blog/format";
import { actionError, loaderError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import { requirePermission } from "../lib/permissions.server";
import { blogEditPath, blogPath, blogsPath } from "../lib/paths";
import { viewerContext } from "../lib/session.server";
import { loaderMeta } from "../lib/meta";
import { pageMeta } from "../lib/seo.server";
import { redirectWithToast } from "../lib/toast.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  const t = translator("en");
  // An unknown post is the 404 page (this route's ErrorBoundary words it for the blog).
  const post = await findBlog(db, params).catch(loaderError);
  return {
    post: { ...post, content: undefined, html: renderMarkdown(post.content) },
    canManage: can(context.get(viewerContext), "blog:manage"),
    meta: pageMeta({
      publicUrl: settings.publicUrl,
      language: "en",
      title: `${post.title} | ${t("blog.title")}`,
      description: post.subtitle,
      path: blogPath(post),
      image: post.image,
      type: "article",
    }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "blog:manage");
  const services = context.get(servicesContext);
  try {
    const post = await findBlog(services.db, params);
    // Deleted by someone else meanwhile: as gone as a post that never was.
    if (!(await deleteBlog(services.db, viewer, post.id))) throw new BlogNotFoundError(post.id);
  } catch (error) {
    return actionError(error, {
      log: "[blog] delete failed:",
      fallback: "blog.deleteFailed",
      messages: { notFound: "blog.deleteFailed" },
    });
  }
  return redirectWithToast(services.toasts, blogsPath(), { type: "success", message: "blog.deleted" });
}

export function meta(args: Route.MetaArgs) {
  // An unknown post: the 404 page, kept out of search engines.
  const t = translator("en");
  return loaderMeta(args, [
    { title: `${t("blog.notFound")} | ${t("brand.name")}` },
    { name: "robots", content: "noindex" },
  ]);
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const submit = useSubmit();
  const { post, canManage } = loaderData;
  return (
    <article>
      <BlogImage src={post.image} alt="" eager className="h-[40vh] w-full bg-stone-200 object-cover" />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to={blogsPath()}
            className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 hover:underline"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5 rtl:rotate-180"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M15 6l-6 6 6 6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t("blog.back")}
          </Link>
          {canManage ? (
            <div className="flex gap-2">
              <Link
                to={blogEditPath(post.id)}
                className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 font-medium hover:bg-stone-50"
              >
                {t("blog.edit")}
              </Link>
              <ConfirmDialog
                trigger={
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center rounded-lg border border-red-300 px-4 font-medium text-red-800 hover:bg-red-50"
                  >
                    {t("blog.delete")}
                  </button>
                }
                title={t("blog.confirmTitle")}
                body={t("blog.confirmBody")}
                confirmLabel={t("blog.delete")}
                cancelLabel={t("manage.cancel")}
                onConfirm={() => void submit({}, { method: "post" })}
              />
            </div>
          ) : null}
        </div>
        <h1 className="mt-6 text-3xl font-extrabold sm:text-4xl">{post.title}</h1>
        <p className="mt-3 text-xl text-stone-700">{post.subtitle}</p>
        <p className="mt-3 text-sm text-stone-600">
          <time dateTime={post.date}>{formatBlogDate(post.date)}</time>
        </p>
        {/* Share the post (after hydration only). */}
        <ShareButton />
        {/* Rendered on the server by micromark, which escapes raw HTML (markdown.server.ts). */}
        <div className="prose-blog mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      </div>
    </article>
  );
}

/**
 * An unknown post (the loader's 404) in the blog's words, with the way back to the list; any other
 * failure as the site says it (the root's boundary words: something went wrong, or unavailable).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLanguage();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">
        {t(notFound ? "blog.notFound" : unavailable ? "unavailable.title" : "error.title")}
      </h1>
      <p className="mt-3 text-stone-700">
        {t(notFound ? "blog.notFoundBody" : unavailable ? "unavailable.body" : "error.body")}
      </p>
      <Link
        to={blogsPath()}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
      >
        {t("blog.back")}
      </Link>
    </div>
  );
}
