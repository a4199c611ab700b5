// The claim page's model (/restaurant/:slug/claim): what the page shows the viewer, and sending the
// claim from its form. The route reads the form, sends the verification link again when asked
// (the accounts feature's), and renders; sendClaim checks the permission, the limits and the proof.
import { actionError } from "../../../lib/action-error.server";
import type { AppServices } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import type { Language } from "../../../lib/i18n/language";
import { can } from "../../../lib/permissions";
import type { Viewer } from "../../../lib/session.server";
import type { MessageKey } from "../../../locales/en";
import { claimNeeded, claimPageFor, emailVerifiedOf, sendClaim } from "./claims.server";
import { parseClaim } from "./rules";
import { formText } from "../../../lib/form-rules";

/** The page's data for the viewer (null: no such listing). */
export async function claimPage(services: Pick<AppServices, "db" | "settings">, viewer: Viewer | null, slug: string) {
  const page = await claimPageFor(services.db, viewer, slug);
  if (!page) return null;
  return {
    page,
    signedIn: viewer !== null,
    mayClaim: can(viewer, "claim:send") && viewer !== null && claimNeeded(viewer),
    emailVerified: viewer !== null && (await emailVerifiedOf(services.db, viewer.id)),
    email: viewer?.email ?? "",
    contactEmail: services.settings.contactEmail,
  };
}

/** What was typed, kept (cut to a sane length) to fill the form again after a refusal. */
export function typedFields(form: FormData) {
  const text = formText(form);
  return { role: text("role").slice(0, 500), phone: text("phone").slice(0, 100), note: text("note").slice(0, 2_000) };
}

/**
 * Sends the claim the form carries: undefined once it is stored, or the refusal (with what was
 * typed) for the form. A form larger than the door takes is refused with the proof's message.
 */
export async function sendClaimForm(
  services: AppServices,
  viewer: Viewer | null,
  claim: { slug: string; form: FormData; tooLarge: boolean; language: Language },
) {
  const { form } = claim;
  try {
    if (claim.tooLarge)
      throw new AppError("tooLarge", "claim.proofTooLarge", { fieldErrors: { proof: "claim.proofTooLarge" } });
    const file = form.get("proof");
    const proof =
      file instanceof File && file.size > 0
        ? { data: Buffer.from(await file.arrayBuffer()), name: file.name, type: file.type }
        : null;
    const parsed = parseClaim(form);
    if (!parsed.ok || !proof) {
      const errors: Record<string, MessageKey> = {};
      for (const [field, message] of Object.entries(parsed.ok ? {} : parsed.errors))
        if (message) errors[field] = message;
      if (!proof) errors.proof = "claim.proofRequired";
      throw new AppError("invalid", "form.invalid", { fieldErrors: errors });
    }
    await sendClaim(
      services.db,
      viewer,
      { slug: claim.slug, values: parsed.values, proof, language: claim.language, clientIp: services.clientIp },
      services.acceptUpload,
    );
  } catch (error) {
    return actionError(error, { log: "[claims] sending failed:", with: { fields: typedFields(form) } });
  }
  return undefined;
}
