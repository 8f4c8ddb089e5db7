import { type OrderView } from '@coseso/domain/orders/order-view';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/ui/spinner';
import { clientFilesQueryOptions } from '../api/get-client-files';
import { filesOpen, missingElements } from '../utils/client-files';
import { FileList } from './media/file-list';
import { FileUploader } from './media/file-uploader';
import { MissingElements } from './media/missing-elements';
import { MoreElementsRequest } from './media/more-elements-request';
import { StorageGauge } from './media/storage-gauge';
import { SubmitBrief } from './media/submit-brief';

/** The media tab: the files of the brief, sending more, and submitting the brief. */
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
  const usedBytes = all.reduce((sum, file) => sum + file.size, 0);
  return (
    <div className="flex flex-col gap-6">
      <MoreElementsRequest order={order} />
      <StorageGauge used={files.data.storageUsed} usedBytes={usedBytes} />
      <MissingElements order={order} files={files.data.files} />
      {filesOpen(order.status) ? (
        <FileUploader order={order} storageUsed={files.data.storageUsed} />
      ) : (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          {order.status === 'cancelled'
            ? 'Votre commande est annulée : plus aucun fichier ne peut être envoyé. Ceux déjà envoyés restent consultables ici.'
            : order.depositPaid && !order.contractSigned
              ? "L'envoi de vos fichiers ouvre dès la signature de votre contrat."
              : order.depositPaid
                ? 'Votre brief est entre les mains de notre équipe : vos fichiers restent consultables ici.'
                : "L'envoi de vos fichiers ouvre après votre premier paiement."}
        </p>
      )}
      <FileList order={order} files={files.data.files} />
      <SubmitBrief order={order} fileCount={all.length} missing={missingElements(order, files.data.files)} />
    </div>
  );
}
