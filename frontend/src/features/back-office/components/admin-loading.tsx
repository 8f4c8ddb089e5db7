import { BrandPageShell } from '@/ui/brand-page-shell';
import { Spinner } from '@/ui/spinner';

// Kept free of the back-office header: pending components ship in the entry chunk.
export function AdminLoading() {
  return (
    <BrandPageShell width="6xl" mainClassName="flex flex-1 justify-center px-4 py-24">
      <Spinner label="Chargement du back-office..." />
    </BrandPageShell>
  );
}
