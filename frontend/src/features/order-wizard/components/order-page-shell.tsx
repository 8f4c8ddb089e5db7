import { type ReactNode } from 'react';
import { BrandPageShell } from '@/ui/brand-page-shell';

export function OrderPageShell({ children }: { children: ReactNode }) {
  return (
    <BrandPageShell width="5xl" mainClassName="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
      {children}
    </BrandPageShell>
  );
}
