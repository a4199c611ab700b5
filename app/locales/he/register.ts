import type { enRegister } from "../en/register";

// Hebrew messages: the register's import and review pages; the type asks for exactly the English keys.
export const heRegister: Record<keyof typeof enRegister, string> = {
  "register.title": "פנקס הכשרות",
};
