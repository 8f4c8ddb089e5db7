export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:px-6">
        <p>© {new Date().getFullYear()} Coseso. Sites internet pour les entreprises, conçus en France.</p>
        <a
          href="mailto:support@coseso.fr"
          className="rounded font-medium text-slate-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          support@coseso.fr
        </a>
      </div>
    </footer>
  );
}
