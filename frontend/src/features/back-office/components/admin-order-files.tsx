import { briefFileCategoryLabel } from '@coseso/domain/orders/order-value-labels';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { type AdminFile, adminFilesQueryOptions, downloadUrlOf } from '../api/get-admin-files';
import { type AdminOrderDetail } from '../api/get-admin-order';
import { SectionError } from '@/ui/section-card';
import { BriefChecklist } from './brief-checklist';

/** Spec §9: files downloaded all at once leave 0.5 s between two downloads. */
export const BULK_DOWNLOAD_GAP_MS = 500;

function download(file: AdminFile) {
  const link = document.createElement('a');
  link.href = downloadUrlOf(file);
  link.download = file.originalName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`
    : `${Math.max(1, Math.round(bytes / 1024))} Ko`;

interface AdminOrderFilesProps {
  order: Pick<AdminOrderDetail, 'id' | 'files' | 'briefChecklist' | 'nothingToSend'>;
}

interface ListedFile {
  key: string;
  originalName: string;
  size: number;
  /** Null when the download links could not be loaded. */
  download: AdminFile | null;
}

/** The client's files by category, each downloadable, all at once; and the brief checklist (spec §5). */
export function AdminOrderFiles({ order }: AdminOrderFilesProps) {
  const files = useQuery(adminFilesQueryOptions(order.id));
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  // The files route gives download links; the order's own list still names the files without it.
  const groups: [string, ListedFile[]][] = files.data
    ? Object.entries(files.data.files)
        .filter(([, list]) => list.length > 0)
        .map(([category, list]) => [
          category,
          list.map((file) => ({
            key: file.filename,
            originalName: file.originalName,
            size: file.size,
            download: file,
          })),
        ])
    : [...new Set(order.files.map((file) => file.category))].map((category) => [
        category,
        order.files
          .filter((file) => file.category === category)
          .map((file) => ({
            key: file.fileId,
            originalName: file.originalName,
            size: file.size,
            download: null,
          })),
      ]);
  const all = groups.flatMap(([, list]) => list.flatMap((file) => (file.download ? [file.download] : [])));

  const downloadAll = () => {
    timers.current.forEach((timer) => window.clearTimeout(timer));
    timers.current = all.map((file, index) =>
      window.setTimeout(() => download(file), index * BULK_DOWNLOAD_GAP_MS),
    );
  };

  return (
    <>
      <PanelSection title="Checklist du brief">
        <BriefChecklist order={order} />
      </PanelSection>
      <PanelSection
        title="Fichiers du client"
        actions={
          all.length > 1 && (
            <Button size="sm" variant="outline" onClick={downloadAll}>
              Tout télécharger ({all.length})
            </Button>
          )
        }
      >
        {files.isError && (
          <SectionError message="Failed to fetch files">
            <Button size="sm" variant="outline" onClick={() => void files.refetch()}>
              Réessayer
            </Button>
          </SectionError>
        )}
        {files.isPending && order.files.length > 0 ? (
          <Spinner label="Chargement des fichiers..." />
        ) : groups.length === 0 ? (
          <p className="text-sm text-slate-500">Aucun fichier fourni</p>
        ) : (
          <div className="flex flex-col gap-3">
            {groups.map(([category, list]) => (
              <div key={category} className="flex flex-col gap-1">
                <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {briefFileCategoryLabel(category)}
                </h4>
                <ul
                  aria-label={`Fichiers : ${briefFileCategoryLabel(category)}`}
                  className="flex flex-col gap-1"
                >
                  {list.map((file) => (
                    <li key={file.key} className="flex items-center justify-between gap-2 text-sm">
                      <span className="min-w-0 truncate text-slate-800" title={file.originalName}>
                        {file.originalName} <span className="text-slate-500">({sizeOf(file.size)})</span>
                      </span>
                      {file.download && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => file.download && download(file.download)}
                        >
                          Télécharger<span className="sr-only"> {file.originalName}</span>
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </PanelSection>
    </>
  );
}

export function PanelSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2 border-t border-slate-100 pt-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
