// What the reports feature adds to the services every loader and action gets.
import type { ProofOfWork } from "./proof-of-work.server";

declare module "../../lib/context" {
  interface AppServices {
    /** Hands out and checks the report form's proof-of-work challenges. */
    proofOfWork: ProofOfWork;
    /**
     * Tells the server a report was filed: it e-mails the admins and owners in the background
     * (sendReportNotices, at most once an hour per restaurant), never making the visitor wait.
     */
    reportFiled: () => void;
  }
}
