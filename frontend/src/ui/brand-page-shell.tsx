import { type ReactNode } from 'react';
import { BrandLink } from '@/ui/brand-link';

const headerWidths = { '3xl': 'max-w-3xl', '5xl': 'max-w-5xl', '6xl': 'max-w-6xl' } as const;

/**
 * A page under the brand header: the wizard, payment, confirmation, sign-in, error and loading
 * pages. `plain` leaves out the grey background; `mainClassName` lays out the content.
 */
export function BrandPageShell({
  width,
  plain = false,
  mainClassName,
  children,
}: {
  width: keyof typeof headerWidths;
  plain?: boolean;
  mainClassName: string;
  children: ReactNode;
}) {
  return (
    <div className={plain ? 'flex min-h-dvh flex-col' : 'flex min-h-dvh flex-col bg-slate-50'}>
      <header className={plain ? 'border-b border-slate-200' : 'border-b border-slate-200 bg-white'}>
        <div className={`mx-auto flex h-16 ${headerWidths[width]} items-center px-4 sm:px-6`}>
          <BrandLink />
        </div>
      </header>
      <main id="contenu" className={mainClassName}>
        {children}
      </main>
    </div>
  );
}
