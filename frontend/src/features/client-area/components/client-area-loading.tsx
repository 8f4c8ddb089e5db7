import { BrandPageShell } from '@/ui/brand-page-shell';
import { Spinner } from '@/ui/spinner';

export function ClientAreaLoading() {
  return (
    <BrandPageShell width="5xl" mainClassName="flex flex-1 justify-center px-4 py-24">
      <Spinner label="Chargement de votre espace client..." />
    </BrandPageShell>
  );
}
