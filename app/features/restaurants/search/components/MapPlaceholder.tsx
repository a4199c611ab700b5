/** Where the map will be, its height kept, so nothing moves when it arrives. */
export function MapPlaceholder({ text }: { text: string }) {
  return (
    <div className="flex h-[min(60vh,32rem)] items-center justify-center rounded-xl border border-stone-200 bg-stone-100 p-4 text-center text-stone-700">
      {text}
    </div>
  );
}
