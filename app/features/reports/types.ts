// What the reports feature adds to the services every loader and action gets.

export {};

declare module "../../lib/context" {
  interface AppServices {
    /**
     * Tells the server a report was filed: it e-mails the admins and owners in the background
     * (sendReportNotices, at most once an hour per restaurant), never making the visitor wait.
     */
    reportFiled: () => void;
  }
}
