// Weak passwords are refused on the server with reasons (spec: "weak password ... with reasons").
// zxcvbn-ts scores a password 0–4 against common passwords, names, words and patterns.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import type { MessageKey } from "../../locales/en";

export const MIN_SCORE = 2;

let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return factory;
}

const REASON: Record<string, MessageKey> = {
  dictionary: "error.weak.common",
  sequence: "error.weak.sequence",
  repeat: "error.weak.repeat",
  spatial: "error.weak.keyboard",
  date: "error.weak.date",
  regex: "error.weak.date",
};

export interface StrengthResult {
  ok: boolean;
  score: number;
  /** Why it is weak, most important first; always ends with a suggestion when weak. */
  reasons: MessageKey[];
}

/** `personal` are the user's own words (name, e-mail), which make a password easy to guess. */
export function checkPasswordStrength(password: string, personal: string[] = []): StrengthResult {
  const words = personal.flatMap((value) => value.toLowerCase().split(/[@.\s_-]+/)).filter((word) => word.length >= 3);
  const result = zxcvbn().check(password, words);
  if (result.score >= MIN_SCORE) return { ok: true, score: result.score, reasons: [] };
  const reasons = new Set<MessageKey>();
  for (const match of result.sequence) {
    if (match.pattern === "dictionary" && match.dictionaryName === "userInputs") reasons.add("error.weak.personal");
    else {
      const reason = REASON[match.pattern];
      if (reason) reasons.add(reason);
    }
  }
  reasons.add("error.weak.suggestion");
  return { ok: false, score: result.score, reasons: [...reasons] };
}
