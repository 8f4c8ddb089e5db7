import { formatFileSize } from '@coseso/domain/files/file-size';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { type BriefFileCategory } from '@coseso/event-schemas/order/order-keys';
import { useState } from 'react';
import { formatDate } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/ui/dialog';
import { textLinkClasses } from '@/ui/text-link';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useDeleteFile } from '../../api/delete-file';
import { type ClientFile, type ClientFiles, fileCategoryLabels, filesOpen } from '../../utils/client-files';

/** The brief's files by category, each with its link and, while the brief is open, its deletion. */
export function FileList({ order, files }: { order: OrderView; files: ClientFiles['files'] }) {
  const remove = useDeleteFile(order.id);
  const groups = (Object.keys(fileCategoryLabels) as BriefFileCategory[])
    .map((category) => [category, files[category] ?? []] as const)
    .filter(([, list]) => list.length > 0);
  const canDelete = filesOpen(order.status) && !order.briefSubmittedByClient;
  return (
    <section
      aria-labelledby="files-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="files-title" className="text-lg font-semibold text-slate-900">
        Vos fichiers
      </h2>
      {groups.length === 0 && <p className="text-sm text-slate-600">Aucun fichier envoyé pour le moment.</p>}
      {groups.map(([category, list]) => (
        <div key={category} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-800">{fileCategoryLabels[category]}</h3>
          <ul className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-100">
            {list.map((file) => (
              <FileRow
                key={file.filename}
                file={file}
                onDelete={
                  canDelete
                    ? () =>
                        remove.mutateAsync(file.filename).then(
                          () => showSuccessToast('Fichier supprimé', file.originalName),
                          () => showErrorToast('Erreur de suppression', 'Impossible de supprimer le fichier'),
                        )
                    : undefined
                }
                deleting={remove.isPending && remove.variables === file.filename}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function FileRow({
  file,
  onDelete,
  deleting,
}: {
  file: ClientFile;
  onDelete?: () => Promise<unknown>;
  deleting: boolean;
}) {
  const link = file.downloadUrl ?? file.url;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
      <div className="flex min-w-0 flex-col">
        {link ? (
          <a
            href={link}
            className={`${textLinkClasses} wrap-anywhere`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {file.originalName}
          </a>
        ) : (
          <span className="font-medium text-slate-900 wrap-anywhere">{file.originalName}</span>
        )}
        <span className="text-slate-500">
          {formatFileSize(file.size)}
          {file.uploadDate && <> · {formatDate(file.uploadDate)}</>}
        </span>
      </div>
      {onDelete && <DeleteFile file={file} onDelete={onDelete} deleting={deleting} />}
    </li>
  );
}

/** Deleting cannot be undone: asked first, in the dialog the other tabs use. */
function DeleteFile({
  file,
  onDelete,
  deleting,
}: {
  file: ClientFile;
  onDelete: () => Promise<unknown>;
  deleting: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        size="sm"
        pending={deleting}
        pendingLabel="Suppression..."
        aria-label={`Supprimer ${file.originalName}`}
        onClick={() => setOpen(true)}
      >
        Supprimer
      </Button>
      <DialogContent>
        <DialogTitle>Supprimer « {file.originalName} » ?</DialogTitle>
        <DialogDescription>
          Le fichier est retiré de votre brief et de votre espace de stockage. Vous pourrez l'envoyer à
          nouveau tant que votre brief n'est pas soumis.
        </DialogDescription>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Annuler
          </Button>
          <Button
            pending={deleting}
            pendingLabel="Suppression..."
            onClick={() => void onDelete().finally(() => setOpen(false))}
          >
            Supprimer le fichier
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
