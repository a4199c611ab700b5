import type { enRegisterPublic } from "../en/register-public";

// Hebrew messages: where a certificate's facts come from, on the restaurant page; the type asks for exactly the English keys.
export const heRegisterPublic: Record<keyof typeof enRegisterPublic, string> = {
  "registerPublic.reminder": "רק תעודת הכשרות המקורית והתקפה המוצגת בעסק מעידה על כשרותו.",
};
