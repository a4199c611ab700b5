// The shared browser-test server's control socket (see serve.ts): where it is and how to ask it
// for a signed-in user. A Unix socket inside the server's DATA_DIR, so no port is taken and
// nothing outside this machine's test run can reach it.
import { request } from "node:http";
import path from "node:path";
import type { SessionRequest, SignedInUser } from "./sessions";

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), "e2e-control.sock");
}

/** The shared server's DATA_DIR, as playwright.config.ts gives it to the server. */
export const sharedDataDir = process.env.E2E_DATA_DIR ?? "./data/e2e";

/** A user made on the shared server, with a session cookie for it. */
export function sharedServerSession(body: SessionRequest): Promise<SignedInUser> {
  return askSharedServer<SignedInUser>("/session", body);
}

/** Runs the alerts' digest job on the shared server now; how many e-mails it sent. */
export async function runAlertDigests(): Promise<number> {
  return (await askSharedServer<{ sent: number }>("/alerts/run", {})).sent;
}

/** Writes the shared server's statistics waiting in memory now. */
export async function writeStatistics(): Promise<void> {
  await askSharedServer<{ written: boolean }>("/statistics/write", {});
}

/** The unsubscribe token the server's digests carry for an account (signed with its secret). */
export async function alertToken(userId: string): Promise<string> {
  return (await askSharedServer<{ token: string }>("/alerts/token", { userId })).token;
}

/** The listing facts a spec may change through the control socket (for the saved places' alerts). */
export type ListingFacts = Partial<
  Record<
    "kashrut" | "certificate_body" | "certificate_level" | "certificate_valid_until" | "is_permanently_closed",
    string | boolean | null
  >
>;

/** Changes a listing's kashrut facts on the shared server's database, as an admin's edit would; returns them as they were. */
export async function changeListing(slug: string, set: ListingFacts): Promise<ListingFacts> {
  const { changed, before } = await askSharedServer<{ changed: number; before: ListingFacts }>("/restaurant", {
    slug,
    set,
  });
  if (changed !== 1) throw new Error(`no restaurant ${slug} on the e2e server`);
  return before;
}

function askSharedServer<T>(path: string, body: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        socketPath: controlSocketPath(sharedDataDir),
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          if (response.statusCode === 200) resolve(JSON.parse(text) as T);
          else reject(new Error(`the e2e server could not answer ${path} (${response.statusCode}): ${text}`));
        });
      },
    );
    call.on("error", reject);
    call.end(JSON.stringify(body));
  });
}
