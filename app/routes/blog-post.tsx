import { data, Link, useSubmit } from "react-router";
import type { Route } from "./+types/blog-post";
import { ConfirmDialog } from "../components/ui/ConfirmDialog";
import { BlogImage } from "../features/blog/components/BlogImage";
import { deleteBlog, getBlogById, getBlogBySlug } from "../features/blog/blog.server";
import { renderMarkdown } from "../features/blog/markdown.server";
import { formatBlogDate } from "../features/blog/format";
import { servicesContext } from "../lib/context";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import { requirePermission } from "../lib/permissions.server";
import { blogEditPath, blogPath, blogsPath } from "../lib/paths";
import { viewerContext } from "../lib/session.server";
import { pageMeta, publicUrlFrom } from "../lib/seo";
import { redirectWithToast } from "../lib/toast.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const post = params.slug ? await getBlogBySlug(db, params.slug) : await getBlogById(db, params.id ?? "");
  if (!post) return data({ found: false as const }, { status: 404 });
  return {
    found: true as const,
    post: { ...post, content: undefined, html: renderMarkdown(post.content) },
    canManage: can(context.get(viewerContext), "blog:manage"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "blog:manage");
  const services = context.get(servicesContext);
  const post = params.slug ? await getBlogBySlug(services.db, params.slug) : await getBlogById(services.db, params.id ?? "");
  if (!post || !(await deleteBlog(services.db, viewer, post.id))) {
    return data({ error: "blog.deleteFailed" as const }, { status: post ? 500 : 404 });
  }
  return redirectWithToast(services.toasts, blogsPath(), { type: "success", message: "blog.deleted" });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translator("en");
  if (!loaderData?.found) return [{ title: `${t("blog.notFound")} | ${t("brand.name")}` }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  return pageMeta({
    publicUrl: publicUrlFrom(matches),
    language: "en",
    title: `${post.title} | ${t("blog.title")}`,
    description: post.subtitle,
    path: blogPath(post),
    image: post.image,
    type: "article",
  });
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const submit = useSubmit();
  if (!loaderData.found) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{t("blog.notFound")}</h1>
        <p className="mt-3 text-stone-700">{t("blog.notFoundBody")}</p>
        <Link to={blogsPath()} className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
          {t("blog.back")}
        </Link>
      </div>
    );
  }
  const { post, canManage } = loaderData;
  return (
    <article>
      <BlogImage src={post.image} alt="" eager className="h-[40vh] w-full bg-stone-200 object-cover" />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to={blogsPath()} className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 hover:underline">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 rtl:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
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
        {/* Rendered on the server by micromark, which escapes raw HTML (markdown.server.ts). */}
        <div className="prose-blog mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      </div>
    </article>
  );
}
