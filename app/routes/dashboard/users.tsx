import { Pager } from "../../components/ui/Pager";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/users";
import { QueueEmpty, QueuePage } from "../../components/ui/QueuePage";
import { ColumnHeader, DataTable } from "../../components/ui/DataTable";
import { FormAlert, SubmitButton, TextField } from "../../components/ui/FormFields";
import { readString } from "../../features/accounts/validation";
import { isRole, listUsers, setUserRole } from "../../features/accounts/users.server";
import { ROLES } from "../../../database/roles";
import { actionError } from "../../lib/action-error.server";
import { AppError } from "../../lib/errors";
import { servicesContext } from "../../lib/context";
import { formatLongDate } from "../../lib/dates";
import { useLanguage } from "../../lib/i18n/use-language";
import { requirePermission } from "../../lib/permissions.server";
import { noindexPageMeta } from "../../lib/meta";
import { pageOf, redirectWithToast } from "../../lib/toast.server";
import { readFormData } from "../../lib/form-data.server";

type UserRow = Awaited<ReturnType<typeof listUsers>>["users"][number];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, "users:manage");
  const url = new URL(request.url);
  const search = url.searchParams.get("q") ?? "";
  const page = Number(url.searchParams.get("page") ?? 1);
  // A NUL character cannot be in any stored text (nor sent to PostgreSQL): say so (400), search nothing.
  if (search.includes("\u0000")) {
    const refusal = new AppError("invalid", "error.invalidCharacters", {
      fieldErrors: { q: "error.invalidCharacters" },
    });
    return actionError(refusal, {
      log: "[users] search:",
      with: { users: [] as UserRow[], page: 1, pages: 1, total: 0, search: "" },
    });
  }
  const result = await listUsers(context.get(servicesContext).db, { search, page });
  return { ...result, search };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requirePermission(request, context, "users:manage");
  const services = context.get(servicesContext);
  const form = await readFormData(request);
  const userId = readString(form, "userId");
  const role = readString(form, "role");
  try {
    // Only a crafted request names no user or a role that is none.
    if (!isRole(role) || userId === "") throw new AppError("invalid", "error.unexpected");
    await setUserRole(services.db, viewer, userId, role);
  } catch (error) {
    // The last admin (409) and an unknown user (404) say so; anything else is a fault.
    return actionError(error, { log: "[users] role change failed:" });
  }
  return redirectWithToast(services.toasts, pageOf(request), { type: "success", message: "users.roleChanged" });
}

export function meta(args: Route.MetaArgs) {
  return noindexPageMeta(args, "users.title");
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const actionData = useActionData<typeof action>();
  const { users, page, pages, total, search } = loaderData;
  const searchError = "errors" in loaderData ? loaderData.errors?.q : undefined;
  const pageLink = (n: number) =>
    `?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(n) }).toString()}`;
  return (
    <QueuePage id="users-title" title={t("users.title")}>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <TextField
          label={t("users.search")}
          name="q"
          id="users-search"
          type="search"
          defaultValue={search}
          placeholder={t("users.searchPlaceholder")}
          error={searchError ? t(searchError) : undefined}
          className="w-72 max-w-full"
        />
        <button
          type="submit"
          className="min-h-11 rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50"
        >
          {t("users.searchSubmit")}
        </button>
        <p className="ms-auto text-sm text-stone-600">{t("users.count", { count: total })}</p>
      </Form>
      {actionData?.error ? (
        <div className="mt-4">
          <FormAlert>{t(actionData.error)}</FormAlert>
        </div>
      ) : null}
      {users.length === 0 ? (
        <QueueEmpty>{t("users.none")}</QueueEmpty>
      ) : (
        <DataTable
          head={
            <>
              <ColumnHeader>{t("users.name")}</ColumnHeader>
              <ColumnHeader>{t("users.email")}</ColumnHeader>
              <ColumnHeader>{t("users.joined")}</ColumnHeader>
              <ColumnHeader>{t("users.role")}</ColumnHeader>
            </>
          }
        >
          {users.map((user) => (
            <tr key={user.id} className="border-t border-stone-100" data-testid="user-row">
              <td className="px-3 py-2">
                <bdi>{`${user.firstName} ${user.lastName}`.trim() || "—"}</bdi>
              </td>
              <td className="px-3 py-2">
                <bdi dir="ltr">{user.email}</bdi>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatLongDate(user.createdAt, language)}</td>
              <td className="px-3 py-2">
                <Form method="post" className="flex items-center gap-2">
                  <input type="hidden" name="userId" value={user.id} />
                  <label htmlFor={`role-${user.id}`} className="sr-only">
                    {t("users.roleFor", { email: user.email })}
                  </label>
                  <select
                    id={`role-${user.id}`}
                    name="role"
                    defaultValue={user.role}
                    className="min-h-10 rounded-lg border border-stone-300 bg-white px-2"
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`role.${role}`)}
                      </option>
                    ))}
                  </select>
                  <SubmitButton
                    intent={`role:${user.id}`}
                    busyLabel={t("users.save")}
                    className="min-h-10 px-3 text-sm"
                  >
                    {t("users.save")}
                  </SubmitButton>
                </Form>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pages={pages} href={pageLink} />
    </QueuePage>
  );
}
