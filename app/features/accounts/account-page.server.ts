// The account page's model (/account): what the page shows the signed-in viewer, and the changes
// its forms post (profile, password, other devices, the verification link, two-factor). The route
// checks the viewer and renders; each change is the accounts feature's domain function.
import { data } from "react-router";
import { actionError, type ErrorAnswer } from "../../lib/action-error.server";
import type { AppServices } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { readFormData } from "../../lib/form-data.server";
import { mustKeepTwoFactor } from "../../lib/permissions";
import type { Viewer } from "../../lib/session.server";
import type { MessageKey } from "../../locales/en";
import {
  changePassword,
  listSessions,
  resendVerification,
  signOutOtherSessions,
  updateProfile,
} from "./accounts.server";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateBackupCodes,
  startTwoFactorSetup,
  twoFactorState,
  type TwoFactorSetup,
} from "./two-factor.server";
import { readString } from "./validation";

/** The page's data: the profile, the devices signed in (this one marked), and two-factor's state. */
export async function accountPage(services: AppServices, viewer: Viewer) {
  const sessions = await listSessions(services, viewer);
  return {
    profile: {
      email: viewer.email,
      emailVerified: viewer.emailVerified,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      phone: viewer.phone,
      role: viewer.role,
    },
    sessions: sessions.map((s) => ({ ...s, current: s.id === viewer.sessionId })),
    twoFactor: {
      state: await twoFactorState(services.db, viewer),
      required: mustKeepTwoFactor(viewer, services.settings),
    },
  };
}

const INTENTS = [
  "profile",
  "password",
  "signOutOthers",
  "resendVerification",
  "twoFactorSetup",
  "twoFactorConfirm",
  "twoFactorDisable",
  "twoFactorCodes",
] as const;
export type Intent = (typeof INTENTS)[number];
const isIntent = (value: string): value is Intent => (INTENTS as readonly string[]).includes(value);
/** A form's answer: what it changed (a new two-factor setup, new backup codes), or its refusal. */
export type ActionResult =
  | { intent: Intent; ok: true; message: MessageKey; setup?: TwoFactorSetup; backupCodes?: string[] }
  | ({ intent: Intent; ok: false } & ErrorAnswer);

/** Runs the change the posted form asks for; each answers on its own form (Outcome). */
export async function accountAction(services: AppServices, viewer: Viewer, request: Request) {
  const form = await readFormData(request);
  const asked = readString(form, "intent");
  // What is answered; an intent no form sends (a crafted request) is answered on the profile form.
  const intent: Intent = isIntent(asked) ? asked : "profile";
  try {
    return await run();
  } catch (error) {
    return actionError(error, { log: "[accounts] account change failed:", with: { intent, ok: false as const } });
  }

  async function run() {
    const done = (
      message: MessageKey,
      headers?: Headers,
      more: { setup?: TwoFactorSetup; backupCodes?: string[] } = {},
    ) => data<ActionResult>({ intent, ok: true, message, ...more }, headers ? { headers } : undefined);
    if (!isIntent(asked)) throw new AppError("invalid", "error.unexpected", { subject: asked });
    switch (asked) {
      case "profile":
        await updateProfile(services, viewer, {
          firstName: readString(form, "firstName").trim(),
          lastName: readString(form, "lastName").trim(),
          phone: readString(form, "phone").trim(),
        });
        return done("account.saved");
      case "password": {
        const { headers } = await changePassword(
          services,
          request,
          viewer,
          readString(form, "currentPassword"),
          readString(form, "password"),
          readString(form, "confirmPassword"),
        );
        return done("account.passwordChanged", headers);
      }
      case "signOutOthers":
        await signOutOtherSessions(services, request);
        return done("account.signedOutOthers");
      case "resendVerification":
        await resendVerification(services, viewer);
        return done("account.resent");
      case "twoFactorSetup": {
        const { setup } = await startTwoFactorSetup(services, request, viewer, readString(form, "setupPassword"));
        return done("twoFactor.statusOff", undefined, { setup });
      }
      case "twoFactorConfirm":
        return done(
          "twoFactor.enabled",
          (await confirmTwoFactorSetup(services, request, viewer, readString(form, "code"))).headers,
        );
      case "twoFactorDisable":
        return done(
          "twoFactor.disabled",
          (await disableTwoFactor(services, request, viewer, readString(form, "disablePassword"))).headers,
        );
      case "twoFactorCodes": {
        const { backupCodes } = await regenerateBackupCodes(
          services,
          request,
          viewer,
          readString(form, "codesPassword"),
        );
        return done("twoFactor.regenerated", undefined, { backupCodes });
      }
    }
  }
}
