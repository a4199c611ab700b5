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
