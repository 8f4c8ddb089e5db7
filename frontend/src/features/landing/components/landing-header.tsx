import { BrandLink } from '@/ui/brand-link';
import { buttonClasses } from '@/ui/button';

const sections = [
  { href: '#services', label: 'Services' },
  { href: '#processus', label: 'Comment ça marche' },
  { href: '#tarifs', label: 'Tarifs' },
];

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6 md:h-16 md:flex-nowrap md:py-0">
        <BrandLink />
        <nav aria-label="Sections de la page" className="order-last w-full md:order-none md:w-auto">
          <ul className="flex justify-center gap-6 text-sm font-medium text-slate-600 md:gap-8">
            {sections.map(({ href, label }) => (
              <li key={href}>
                <a
                  href={href}
                  className="rounded py-1 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Only visitors see the landing (`/` sends a signed-in client to the area): a plain link to sign in. */}
        <a href="/auth" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Espace Client
        </a>
      </div>
    </header>
  );
}
