// Reading a posted form without trusting the client to have sent one.

/**
 * The request's form fields. A body that cannot be read as a form — malformed multipart, a
 * missing boundary, a content type that is not a form — is the client's mistake, not a server
 * fault: it reads as an empty form, so the action answers with its usual "required" messages
 * (a 4xx) and changes nothing, instead of failing with a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/**
 * The form of a page that carries a file (route facts' `fileForm`): as `readFormData`, or, when the
 * door found it too large (`oversized`, from the services), its text fields as sent and
 * `tooLarge` true — the body was read already, so the request's form is never read again.
 */
export async function readFileForm(
  request: Request,
  oversized: { fields: Record<string, string> } | undefined,
): Promise<{ form: FormData; tooLarge: boolean }> {
  if (!oversized) return { form: await readFormData(request), tooLarge: false };
  const form = new FormData();
  for (const [name, value] of Object.entries(oversized.fields)) form.set(name, value);
  return { form, tooLarge: true };
}
