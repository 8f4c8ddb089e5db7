import { formatFileSize } from '@coseso/domain/files/file-size';
import { Progress } from '@/ui/progress';
import { STORAGE_LIMIT_MB } from '../../utils/client-files';

/** The brief's share of its storage: `used` in megabytes as the server counts it, `usedBytes` for the text. */
export function StorageGauge({ used, usedBytes }: { used: number; usedBytes: number }) {
  const text =
    usedBytes === 0
      ? `0 Mo utilisé sur ${STORAGE_LIMIT_MB} Mo`
      : `${formatFileSize(usedBytes)} utilisés sur ${STORAGE_LIMIT_MB} Mo`;
  return (
    <section
      aria-label="Espace de stockage"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-2 flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-slate-900">Espace de stockage</span>
        <span className="text-slate-600" data-testid="storage-used">
          {text}
        </span>
      </div>
      <Progress value={used} max={STORAGE_LIMIT_MB} label="Espace de stockage utilisé" valueText={text} />
    </section>
  );
}
