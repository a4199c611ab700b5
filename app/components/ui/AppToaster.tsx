// The toast area as the site draws it (sonner's Toaster with the site's look), in the file that
// LazyToaster loads with sonner: its options are not on a public page's first visit either.
import { Toaster } from "sonner";

export default function AppToaster({ dir }: { dir: "ltr" | "rtl" }) {
  return (
    <Toaster
      position="top-center"
      dir={dir}
      // The region's name in the page's language (sonner's own is English).
      containerAriaLabel={dir === "rtl" ? "התראות" : "Notifications"}
      closeButton
      toastOptions={{
        classNames: {
          toast: "!border !border-stone-300 !bg-white !text-stone-900",
          error: "!border-2 !border-red-700",
          success: "!border-2 !border-brand-700",
          description: "!text-stone-700 whitespace-pre-line",
        },
      }}
    />
  );
}
