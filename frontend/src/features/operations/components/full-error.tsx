/** An error shown whole (stack included): operators need all of it, not a summary. */
export function FullError({ title, error }: { title: string; error: string }) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <pre className="max-h-96 overflow-auto text-xs whitespace-pre-wrap wrap-anywhere">{error}</pre>
    </div>
  );
}
