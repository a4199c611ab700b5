// English messages of the saved area: the Saved page's own words (ADR 012's update of 2026-11-30), loaded
// with that page, so it does not fetch the account area for six sentences.
export const enSaved = {
  "saved.title": "Saved places",
  "saved.intro": "Places you saved, to find them again quickly.",
  "saved.empty": "Nothing saved yet. Press Save on a restaurant to keep it here.",
  "saved.onDevice": "Saved on this device only. Sign in to keep them on all your devices.",
  "saved.needsScript":
    "Places saved on this device show here with JavaScript on. Sign in to keep them in your account.",
  "alerts.savedLink": "Get an e-mail when a saved place changes",
} as const;
