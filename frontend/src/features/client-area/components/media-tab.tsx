import { formatFileSize } from '@coseso/domain/files/file-size';
import { UPLOAD_ACCEPT } from '@coseso/domain/files/upload-formats';
import { moreElementsAwaited } from '@coseso/domain/orders/client-journey';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { type BriefFileCategory } from '@coseso/event-schemas/order/order-keys';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/ui/dialog';
import { Progress } from '@/ui/progress';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { textLinkClasses } from '@/ui/text-link';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useDeleteFile } from '../api/delete-file';
import { clientFilesQueryOptions } from '../api/get-client-files';
import { useSubmitBrief } from '../api/submit-brief';
import { useUploadFiles } from '../api/upload-files';
import {
  type ClientFile,
  type ClientFiles,
  STORAGE_LIMIT_MB,
  fileCategoryLabels,
  missingElements,
  uploadCategories,
} from '../utils/client-files';
import { uploadProblem } from '../utils/upload-checks';

const filesOpen = (status: OrderView['status']) =>
  status === 'contract_signed' || status === 'brief_pending' || status === 'brief';

/** The media tab (spec §2.2): the files of the brief, sending more, and submitting the brief. */
export function MediaTab({ order }: { order: OrderView }) {
  const files = useQuery(clientFilesQueryOptions(order.id));
  if (files.isError && !files.data)
    return (
      <p className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center text-red-900">
        Vos fichiers n'ont pas pu être chargés.
      </p>
    );
  if (!files.data) return <Spinner label="Chargement de vos fichiers..." className="py-16" />;
  const all = Object.values(files.data.files).flatMap((list) => list ?? []);
  const count = all.length;
  const usedBytes = all.reduce((sum, file) => sum + file.size, 0);
  return (
    <div className="flex flex-col gap-6">
      <MoreElementsRequest order={order} />
      <StorageGauge used={files.data.storageUsed} usedBytes={usedBytes} />
      <MissingElements order={order} files={files.data.files} />
      {filesOpen(order.status) ? (
        <Uploader order={order} storageUsed={files.data.storageUsed} />
      ) : (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          {order.depositPaid && !order.contractSigned
            ? "L'envoi de vos fichiers ouvre dès la signature de votre contrat."
            : order.depositPaid
              ? 'Votre brief est entre les mains de notre équipe : vos fichiers restent consultables ici.'
              : "L'envoi de vos fichiers ouvre après votre premier paiement."}
        </p>
      )}
      <FileList order={order} files={files.data.files} />
      <BriefBox order={order} fileCount={count} />
    </div>
  );
}

/** The team's « Demander plus d'éléments », in the tab where the client answers it, until the brief goes back. */
function MoreElementsRequest({ order }: { order: OrderView }) {
  if (!moreElementsAwaited(order)) return null;
  return (
    <section
      aria-labelledby="more-elements-title"
      data-testid="more-elements-request"
      className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <h2 id="more-elements-title" className="font-semibold">
        Notre équipe a besoin d'éléments supplémentaires
      </h2>
      <blockquote className="border-l-4 border-amber-300 pl-3 text-sm whitespace-pre-line wrap-anywhere">
        {order.moreElementsMessage}
      </blockquote>
      <p className="text-sm">
        Ajoutez-les ci-dessous, puis soumettez à nouveau votre brief : notre équipe reprend alors votre
        projet.
      </p>
    </section>
  );
}

function StorageGauge({ used, usedBytes }: { used: number; usedBytes: number }) {
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

function MissingElements({ order, files }: { order: OrderView; files: ClientFiles['files'] }) {
  if (!filesOpen(order.status) || order.briefSubmittedByClient) return null;
  const missing = missingElements(order, files);
  if (missing.length === 0) return null;
  return (
    <section
      aria-labelledby="missing-title"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950"
    >
      <h2 id="missing-title" className="font-semibold">
        Éléments manquants
      </h2>
      <p className="mt-1 text-sm">
        Vous avez choisi de nous les fournir : envoyez-les pour que nous puissions avancer.
      </p>
      <ul className="mt-2 list-disc pl-6 text-sm">
        {missing.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function Uploader({ order, storageUsed }: { order: OrderView; storageUsed: number }) {
  const upload = useUploadFiles(order.id);
  const categories = uploadCategories(order.selectedTemplate);
  const [category, setCategory] = useState<BriefFileCategory>(categories[0]!);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const categoryId = useId();
  const filesId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = Array.from(input.current?.files ?? []);
    const found = uploadProblem(picked, storageUsed);
    setProblem(found);
    if (found) {
      showErrorToast("Erreur d'upload", found);
      return;
    }
    // mutateAsync: told even when the refreshed order has replaced this form meanwhile.
    upload.mutateAsync({ category, files: picked }).then(
      () => {
        showSuccessToast(
          'Fichiers uploadés',
          `${picked.length} fichier(s) ajouté(s) : ${fileCategoryLabels[category]}.`,
        );
        if (input.current) input.current.value = '';
      },
      (error: unknown) => {
        const message =
          isApiError(error) && error.serverMessage
            ? error.serverMessage
            : "L'envoi a échoué. Veuillez réessayer.";
        setProblem(message);
        showErrorToast("Erreur d'upload", message);
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="upload-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="upload-title" className="text-lg font-semibold text-slate-900">
        Envoyer des fichiers
      </h2>
      <p className="text-sm text-slate-600">
        PNG, JPG, TXT, DOC, DOCX ou PDF ; 20 fichiers au plus par envoi, 10 Mo chacun, {STORAGE_LIMIT_MB} Mo
        en tout.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={categoryId} className="text-sm font-medium text-slate-800">
            Catégorie
          </label>
          <Select
            id={categoryId}
            value={category}
            onChange={(event) => setCategory(event.target.value as BriefFileCategory)}
          >
            {categories.map((key) => (
              <option key={key} value={key}>
                {fileCategoryLabels[key]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={filesId} className="text-sm font-medium text-slate-800">
            Fichiers
          </label>
          <input
            ref={input}
            id={filesId}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            aria-describedby={problem ? `${filesId}-problem` : undefined}
            onChange={() => setProblem(null)}
            className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:font-semibold file:text-primary-700"
          />
        </div>
      </div>
      {problem && (
        <p id={`${filesId}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" className="self-start" pending={upload.isPending} pendingLabel="Envoi...">
        Envoyer
      </Button>
    </form>
  );
}

function FileList({ order, files }: { order: OrderView; files: ClientFiles['files'] }) {
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

function BriefBox({ order, fileCount }: { order: OrderView; fileCount: number }) {
  const submit = useSubmitBrief(order.id);
  const [nothingToSend, setNothingToSend] = useState(false);
  if (order.briefSubmittedByClient)
    return (
      <section
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
        aria-label="Brief"
      >
        <p className="font-semibold">
          Brief soumis{order.briefSubmittedAt && <> le {formatDateTime(order.briefSubmittedAt)}</>}
        </p>
        <p className="mt-1 text-sm">
          {order.briefValidatedByAdmin
            ? 'Notre équipe a validé votre brief : la création de votre site est lancée.'
            : 'Notre équipe le vérifie et revient vers vous si un élément manque.'}
        </p>
      </section>
    );
  if (order.status !== 'brief_pending') return null;
  const ready = fileCount > 0 || nothingToSend;
  return (
    <section
      aria-labelledby="brief-title"
      className="flex flex-col gap-4 rounded-2xl border border-primary-200 bg-primary-50 p-5 sm:p-6"
    >
      <div>
        <h2 id="brief-title" className="text-lg font-semibold text-primary-950">
          Finaliser mon brief
        </h2>
        <p className="text-sm text-primary-900">
          Envoyez vos fichiers, ou indiquez que vous n'avez rien à nous envoyer, puis soumettez votre brief :
          notre équipe le valide et lance la création de votre site.
        </p>
      </div>
      {fileCount === 0 && (
        <Checkbox
          label="Je n'ai rien à envoyer"
          checked={nothingToSend}
          onChange={(event) => setNothingToSend(event.target.checked)}
        />
      )}
      <Button
        className="self-start"
        disabled={!ready}
        pending={submit.isPending}
        pendingLabel="Envoi..."
        onClick={() =>
          submit.mutateAsync(fileCount === 0 && nothingToSend).then(
            () => showSuccessToast('Brief soumis', 'Merci ! Notre équipe revient vers vous rapidement.'),
            () => showErrorToast('Erreur de soumission', 'Impossible de soumettre le brief'),
          )
        }
      >
        Soumettre le brief
      </Button>
    </section>
  );
}
