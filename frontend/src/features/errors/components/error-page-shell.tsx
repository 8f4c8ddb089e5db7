import { type ReactNode } from 'react';
import { BrandPageShell } from '@/ui/brand-page-shell';

export function ErrorPageShell({ children }: { children: ReactNode }) {
  return (
    <BrandPageShell
      plain
      width="5xl"
      mainClassName="flex flex-1 items-center justify-center px-4 py-16 sm:px-6"
    >
      <div className="flex max-w-xl flex-col items-center gap-5 text-center">{children}</div>
    </BrandPageShell>
  );
}
