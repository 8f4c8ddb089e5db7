import { type ReactNode } from 'react';
import { BrandPageShell } from '@/ui/brand-page-shell';

export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <BrandPageShell width="5xl" mainClassName="flex flex-1 justify-center px-4 py-10 sm:px-6 sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">{children}</div>
    </BrandPageShell>
  );
}

export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {children}
    </div>
  );
}
