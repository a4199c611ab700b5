// The public forms' proof-of-work in the browser (reports, suggestions, reviews; ADR 015): started
// when the visitor begins the form (its first focus: a click, a tap or Tab into a field), waited for
// when it is sent, used once (a second try after an error asks for a new challenge). Its solver is a
// dynamic import, so a page that shows a form carries it only once someone starts filling it in:
// a visit that only reads the form fetches neither the solver nor a challenge.
import { useCallback, useRef, useState } from "react";
import { reportChallengePath } from "./paths";

export function useProofOfWork() {
  const proof = useRef<Promise<string | null> | null>(null);
  const [waiting, setWaiting] = useState(false);
  const start = useCallback(() => {
    proof.current ??= import("./solve.client")
      .then(({ proveWork }) => proveWork(reportChallengePath()))
      .catch(() => null);
  }, []);
  /** Waits for the proof and marks the form's data with it (`mode=pow`); without one the data stays "basic". */
  const sign = useCallback(
    async (data: FormData) => {
      setWaiting(true);
      start();
      const pow = await proof.current;
      proof.current = null;
      setWaiting(false);
      if (pow) {
        data.set("mode", "pow");
        data.set("pow", pow);
      }
    },
    [start],
  );
  return { start, sign, waiting };
}
