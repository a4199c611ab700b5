// Runs a route loader or action the way the server would: with the services, the signed-in user
// (from a session cookie, through the same middleware as the root route) and a real Request.
// Whatever the route returns or throws — data(), a Response, a redirect — comes back as one shape.
import { RouterContextProvider } from "react-router";
import { servicesContext, type AppServices } from "../../app/lib/context";
import { loadViewer, viewerContext } from "../../app/lib/session.server";
import { createUser, type CreatedUser, type NewUser } from "../../database/factories";

export interface RouteOutcome {
  status: number;
  /** The payload of data() or a plain return value. */
  data?: unknown;
  /** Redirect target, if any. */
  location?: string | null;
  headers: Headers;
}

export interface CallOptions {
  method?: "GET" | "POST";
  form?: Record<string, string>;
  /** A multipart body (a form carrying a file: the suggestion and claim forms). */
  multipart?: FormData;
  /** A JSON body (as the restaurant form sends). */
  json?: unknown;
  cookie?: string;
  /** The page that posted (a form without JavaScript: the Save button). */
  referer?: string;
  params?: Record<string, string>;
}

type RouteFunction = (args: never) => unknown;

function outcomeOf(value: unknown, fallbackStatus = 200): RouteOutcome {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location"), headers: value.headers };
  }
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  }
  return { status: fallbackStatus, data: value, headers: new Headers() };
}

export async function callRoute(
  fn: RouteFunction,
  services: AppServices,
  url: string,
  options: CallOptions = {},
): Promise<RouteOutcome> {
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.referer) headers.set("referer", options.referer);
  if (options.json !== undefined) headers.set("content-type", "application/json");
  const body =
    options.json !== undefined
      ? JSON.stringify(options.json)
      : options.multipart
        ? options.multipart
        : options.form
          ? new URLSearchParams(options.form)
          : undefined;
  const request = new Request(new URL(url, "http://127.0.0.1"), {
    method: options.method ?? (body !== undefined ? "POST" : "GET"),
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(viewerContext, await loadViewer(request, services));
  const args = { request, context, params: options.params ?? {}, url: new URL(request.url), pattern: "" } as never;
  try {
    return outcomeOf(await (fn as (args: never) => unknown)(args));
  } catch (thrown) {
    if (thrown instanceof Response || (thrown && typeof thrown === "object" && "type" in thrown))
      return outcomeOf(thrown);
    throw thrown;
  }
}

/** The session cookie(s) from a response's Set-Cookie headers, as a Cookie header value. */
export function sessionCookie(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair?.includes("session_token") && !pair.endsWith("="))
    .join("; ");
}

/** A user made by the factory and signed in as better-auth signs anyone in: the user, and its session cookie. */
export async function signedInUser(
  services: Pick<AppServices, "db" | "auth">,
  options: NewUser = {},
): Promise<CreatedUser & { cookie: string }> {
  const user = await createUser(services.db, services.auth, options);
  const { headers } = await services.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  return { ...user, cookie: sessionCookie(headers) };
}
