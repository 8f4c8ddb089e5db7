import { type ReactNode } from 'react';
import { BrandPageShell } from '@/ui/brand-page-shell';

export function PaymentPageShell({ children }: { children: ReactNode }) {
  return (
    <BrandPageShell width="3xl" mainClassName="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
      {children}
    </BrandPageShell>
  );
}
