// /dashboard/blog/add and /dashboard/blog/edit/:id — admins only (spec: others are sent to /blogs).
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/blog-editor";
import { FallbackImage } from "../components/ui/FallbackImage";
import { BLOG_PLACEHOLDER } from "../features/blog/components/BlogImage";
import { createBlog, getBlogById, updateBlog } from "../features/blog/blog.server";
import { generateSlug, parseBlogForm, type BlogFieldErrors, type BlogFormValues } from "../features/blog/rules";
import { actionError } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { cn } from "../lib/cn";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import { requireTwoFactorReady, requireViewer } from "../lib/permissions.server";
import { blogPath, blogsPath } from "../lib/paths";
import { noindexPageMeta } from "../lib/seo";
import { redirectWithToast } from "../lib/toast.server";
import type { MessageKey } from "../locales/en";
import { readFormData } from "../lib/form-data.server";

const EMPTY: BlogFormValues = { title: "", subtitle: "", slug: "", image: "", content: "" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = requireViewer(request, context);
  if (!can(viewer, "blog:manage")) throw await redirectWithToast(services.toasts, blogsPath(), { type: "error", message: "blog.noPermission" });
  await requireTwoFactorReady(request, context, viewer);
  if (!params.id) return { id: undefined, initial: EMPTY };
  const post = await getBlogById(services.db, params.id);
  if (!post) throw await redirectWithToast(services.toasts, blogsPath(), { type: "error", message: "blog.notFound" });
  return { id: post.id, initial: { title: post.title, subtitle: post.subtitle, slug: post.slug ?? "", image: post.image, content: post.content } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = requireViewer(request, context);
  // A crafted request from anyone but an admin changes nothing.
  if (!can(viewer, "blog:manage")) return data({ errors: {} as BlogFieldErrors, error: "blog.noPermission" as MessageKey }, { status: 403 });
  await requireTwoFactorReady(request, context, viewer);
  const parsed = parseBlogForm(Object.fromEntries(await readFormData(request)));
  if (!parsed.ok) return data({ errors: parsed.errors, error: "blog.saveFailed" as MessageKey }, { status: 400 });
  try {
    const saved = params.id ? await updateBlog(services.db, viewer, params.id, parsed.values) : await createBlog(services.db, viewer, parsed.values);
    if (!saved) return data({ errors: {} as BlogFieldErrors, error: "blog.notFound" as MessageKey }, { status: 404 });
    return redirectWithToast(services.toasts, blogPath({ id: saved.id }), { type: "success", message: params.id ? "blog.updated" : "blog.added" });
  } catch (error) {
    // A slug another post has marks the slug field.
    return actionError(error, { log: "[blog] save failed:", fallback: "blog.saveFailed" });
  }
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, args.loaderData?.id ? "blog.editTitle" : "blog.addTitle");
}

const input = "mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base";

export default function BlogEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const key = loaderData.id ? `blog-form-${loaderData.id}` : "blog-form-new";
  const [values, setValues] = useState<BlogFormValues>(loaderData.initial);
  // The values last sent: a field changed since then shows its live message (none once it is
  // valid) instead of the server's answer about the old value (issue 13).
  const [sent, setSent] = useState<BlogFormValues | null>(null);
  const serverErrors = actionData?.errors ?? {};
  const live = useMemo(() => {
    const parsed = parseBlogForm(values);
    return parsed.ok ? {} : parsed.errors;
  }, [values]);
  const errors: BlogFieldErrors = Object.fromEntries(
    (Object.keys(values) as (keyof BlogFormValues)[]).map((name) => [name, sent && values[name] !== sent[name] ? live[name] : serverErrors[name]]),
  );

  const restore = useEffectEvent(() => {
    try {
      const raw = window.localStorage.getItem(key);
      const draft = raw ? (JSON.parse(raw) as BlogFormValues) : null;
      if (draft && typeof draft.title === "string" && JSON.stringify(draft) !== JSON.stringify(values)) {
        setValues(draft);
        toast.info(t("editor.draftRestored"));
      }
    } catch {
      window.localStorage.removeItem(key);
    }
  });
  useEffect(() => {
    // Drafts live in local storage, which exists only after hydration (an external system).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    restore();
    const onVisible = () => {
      if (document.visibilityState === "visible") restore();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [key]);
  const onFailed = useEffectEvent(() => {
    window.localStorage.setItem(key, JSON.stringify(values));
    if (actionData?.error) toast.error(t(actionData.error));
  });
  useEffect(() => {
    if (actionData) onFailed();
  }, [actionData]);

  const update = (patch: Partial<BlogFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    window.localStorage.setItem(key, JSON.stringify(next));
  };

  const field = (name: keyof BlogFormValues, label: string, props: { dir?: "ltr" | "auto"; type?: string } = {}) => {
    const error = errors[name];
    return (
      <div>
        <label htmlFor={`blog-${name}`} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={`blog-${name}`}
          name={name}
          type={props.type ?? "text"}
          dir={props.dir}
          value={values[name]}
          onChange={(event) => update({ [name]: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `blog-${name}-error` : undefined}
          className={cn(input, error ? "border-2 border-red-700" : "border-stone-300")}
        />
        {error ? (
          <p id={`blog-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={blogsPath()} className="inline-flex min-h-11 items-center font-medium text-brand-800 hover:underline">
        {t("blog.back")}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold">{loaderData.id ? t("blog.editTitle") : t("blog.addTitle")}</h1>
      <Form
        method="post"
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-stone-200 bg-white p-6"
        onSubmit={() => {
          setSent(values);
          window.localStorage.removeItem(key);
        }}
      >
        {field("title", t("blog.fieldTitle"), { dir: "auto" })}
        {field("subtitle", t("blog.fieldSubtitle"), { dir: "auto" })}
        <div className="flex items-end gap-2">
          <div className="flex-1">{field("slug", t("blog.fieldSlug"), { dir: "ltr" })}</div>
          <button
            type="button"
            onClick={() => {
              if (values.title.trim() === "") toast.error(t("blog.titleFirst"));
              else update({ slug: generateSlug(values.title) });
            }}
            className="mb-px min-h-11 rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50"
          >
            {t("blog.generate")}
          </button>
        </div>
        <div className="flex items-end gap-2">
          <div className="flex-1">{field("image", t("blog.fieldImage"), { dir: "ltr", type: "url" })}</div>
          <button
            type="button"
            onClick={() => toast.info(t("blog.browseUnavailable"))}
            className="mb-px min-h-11 rounded-lg border border-stone-300 px-4 font-medium text-stone-700"
          >
            {t("blog.browse")}
          </button>
        </div>
        {values.image ? (
          <FallbackImage
            src={values.image}
            fallback={BLOG_PLACEHOLDER}
            alt={t("blog.imagePreview")}
            width={600}
            height={315}
            className="aspect-[1200/630] w-full max-w-md rounded-lg bg-stone-100 object-cover"
          />
        ) : null}
        <div>
          <label htmlFor="blog-content" className="block text-sm font-medium">
            {t("blog.fieldContent")}
          </label>
          <p id="blog-content-hint" className="text-sm text-stone-600">
            {t("blog.contentHint")}
          </p>
          <textarea
            id="blog-content"
            name="content"
            dir="auto"
            value={values.content}
            onChange={(event) => update({ content: event.target.value })}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? "blog-content-hint blog-content-error" : "blog-content-hint"}
            className={cn(input, "min-h-[300px] font-mono text-sm", errors.content ? "border-2 border-red-700" : "border-stone-300")}
          />
          {errors.content ? (
            <p id="blog-content-error" className="mt-1 text-sm font-medium text-red-700">
              {t(errors.content)}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={saving}
          className="inline-flex min-h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {saving ? t("blog.saving") : loaderData.id ? t("blog.update") : t("blog.save")}
        </button>
      </Form>
    </div>
  );
}
