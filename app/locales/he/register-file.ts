import type { enRegisterFile } from "../en/register-file";

// Hebrew messages: a register file that cannot be imported; the type asks for exactly the English keys.
export const heRegisterFile: Record<keyof typeof enRegisterFile, string> = {
  "registerFile.unknownShape":
    "הקובץ הזה אינו רשימת פנקס שאנחנו יודעים לקרוא: CSV של סורק, דף פנקס שמור, JSON של הפורטל הארצי או רשימת התעודות שבוטלו.",
};
