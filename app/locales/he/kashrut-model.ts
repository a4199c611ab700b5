import type { enKashrutModel } from "../en/kashrut-model";

// Hebrew messages: the form's kashrut group and the kashrut disagreements to settle; the type asks for exactly the English keys.
export const heKashrutModel: Record<keyof typeof enKashrutModel, string> = {
  "kashrutModel.group": "כשרות",
};
