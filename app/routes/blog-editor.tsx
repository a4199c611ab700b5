// /dashboard/blog/add and /dashboard/blog/edit/:id — admins only (spec: others are sent to /blogs).
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { Form, Link, useActionData } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/blog-editor";
import { FallbackImage } from "../components/ui/FallbackImage";
import { SubmitButton, TextAreaField, TextField } from "../components/ui/FormFields";
import { BLOG_PLACEHOLDER } from "../features/blog/components/BlogImage";
import { createBlog, findBlog, updateBlog } from "../features/blog/blog.server";
import { generateSlug, parseBlogForm, type BlogFieldErrors, type BlogFormValues } from "../features/blog/rules";
import { actionError, loaderError, parsedOrThrow } from "../lib/action-error.server";
import { servicesContext } from "../lib/context";
import { useLanguage } from "../lib/i18n/use-language";
import { can } from "../lib/permissions";
import { requirePermission, requireTwoFactorReady, requireViewer } from "../lib/permissions.server";
import { blogPath, blogsPath } from "../lib/paths";
import { noindexPageMeta } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { useLocalDraft } from "../lib/use-local-draft";
import { useFocusFirstInvalid } from "../lib/use-focus-first-invalid";
import { DraftNotice } from "../components/ui/DraftNotice";
import { readFormData } from "../lib/form-data.server";

const EMPTY: BlogFormValues = { title: "", subtitle: "", slug: "", image: "", content: "" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = requireViewer(request, context);
  if (!can(viewer, "blog:manage"))
    throw await redirectWithToast(services.toasts, blogsPath(), { type: "error", message: "blog.noPermission" });
  await requireTwoFactorReady(request, context, viewer);
  if (!params.id) return { id: undefined, initial: EMPTY };
  // An unknown post is the 404 page, as an unknown restaurant is.
  const post = await findBlog(services.db, { id: params.id }).catch(loaderError);
  return {
    id: post.id,
    initial: {
      title: post.title,
      subtitle: post.subtitle,
      slug: post.slug ?? "",
      image: post.image,
      content: post.content,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  // A crafted request from anyone but an admin changes nothing: 403, as every dashboard write.
  const viewer = await requirePermission(request, context, "blog:manage");
  const form = Object.fromEntries(await readFormData(request));
  try {
    const values = parsedOrThrow(parseBlogForm(form), "blog.saveFailed");
    const saved = params.id
      ? await updateBlog(services.db, viewer, params.id, values)
      : await createBlog(services.db, viewer, values);
    return redirectWithToast(services.toasts, blogPath({ id: saved.id }), {
      type: "success",
      message: params.id ? "blog.updated" : "blog.added",
    });
  } catch (error) {
    // A field against the rules, or a slug another post has, marks its field (400); a post gone is 404.
    return actionError(error, { log: "[blog] save failed:", fallback: "blog.saveFailed" });
  }
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, args.loaderData?.id ? "blog.editTitle" : "blog.addTitle");
}

/** A kept draft as the form's values (fields added since it was kept are empty). */
function readBlogDraft(value: unknown): BlogFormValues | null {
  return typeof value === "object" && value !== null && "title" in value && typeof value.title === "string"
    ? { ...EMPTY, ...(value as Partial<BlogFormValues>) }
    : null;
}

export default function BlogEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useLanguage();
  const actionData = useActionData<typeof action>();
  const key = loaderData.id ? `blog-form-${loaderData.id}` : "blog-form-new";
  const [values, setValues] = useState<BlogFormValues>(loaderData.initial);
  // The values last sent: a field changed since then shows its live message (none once it is
  // valid) instead of the server's answer about the old value.
  const [sent, setSent] = useState<BlogFormValues | null>(null);
  const serverErrors: BlogFieldErrors = actionData?.errors ?? {};
  const live = useMemo(() => {
    const parsed = parseBlogForm(values);
    return parsed.ok ? {} : parsed.errors;
  }, [values]);
  const errors: BlogFieldErrors = Object.fromEntries(
    (Object.keys(values) as (keyof BlogFormValues)[]).map((name) => [
      name,
      sent && values[name] !== sent[name] ? live[name] : serverErrors[name],
    ]),
  );

  // A restored draft is said above the form, with Keep and Discard (the saved post back).
  const [restored, setRestored] = useState(false);
  const draft = useLocalDraft(key, values, {
    read: readBlogDraft,
    onRestore: (kept) => {
      setValues(kept);
      setRestored(true);
    },
  });
  // A refused save takes the person to the first field in error.
  const { ref: formRef, focusFirstInvalidLater } = useFocusFirstInvalid<HTMLFormElement>();
  const onFailed = useEffectEvent(() => {
    draft.save(values);
    if (actionData?.error) toast.error(t(actionData.error));
    if (actionData?.errors) focusFirstInvalidLater();
  });
  useEffect(() => {
    if (actionData) onFailed();
  }, [actionData]);

  const update = (patch: Partial<BlogFormValues>) => setValues({ ...values, ...patch });

  const field = (name: keyof BlogFormValues, label: string, props: { dir?: "ltr" | "auto"; type?: string } = {}) => {
    const error = errors[name];
    return (
      <TextField
        label={label}
        name={name}
        type={props.type ?? "text"}
        dir={props.dir}
        value={values[name]}
        onChange={(event) => update({ [name]: event.target.value })}
        error={error ? t(error) : undefined}
      />
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={blogsPath()} className="inline-flex min-h-11 items-center font-medium text-brand-800 hover:underline">
        {t("blog.back")}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold">{loaderData.id ? t("blog.editTitle") : t("blog.addTitle")}</h1>
      <Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-stone-200 bg-white p-6"
        onSubmit={() => {
          setSent(values);
          draft.clear();
        }}
      >
        {restored ? (
          <DraftNotice
            message={t("editor.draftRestored")}
            keepLabel={t("editor.draftKeep")}
            discardLabel={t("editor.draftDiscard")}
            onKeep={() => setRestored(false)}
            onDiscard={() => {
              draft.clear();
              setValues(loaderData.initial);
              setRestored(false);
            }}
          />
        ) : null}
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
        <TextAreaField
          label={t("blog.fieldContent")}
          name="content"
          hint={t("blog.contentHint")}
          hintFirst
          dir="auto"
          value={values.content}
          onChange={(event) => update({ content: event.target.value })}
          error={errors.content ? t(errors.content) : undefined}
          inputClassName="min-h-[300px] font-mono text-sm"
        />
        <SubmitButton size="lg" busyLabel={t("blog.saving")}>
          {loaderData.id ? t("blog.update") : t("blog.save")}
        </SubmitButton>
      </Form>
    </div>
  );
}
