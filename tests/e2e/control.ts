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
  return new Promise((resolve, reject) => {
    const call = request(
      { socketPath: controlSocketPath(sharedDataDir), method: "POST", path: "/session", headers: { "content-type": "application/json" } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          if (response.statusCode === 200) resolve(JSON.parse(text) as SignedInUser);
          else reject(new Error(`the e2e server could not make a session (${response.statusCode}): ${text}`));
        });
      },
    );
    call.on("error", reject);
    call.end(JSON.stringify(body));
  });
}
