import { useMutation } from '@tanstack/react-query';
import { downloadAsAdmin } from '@/lib/download-file';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';

/**
 * `GET /api/admin/orders/:orderId/evidence`: the order's evidence bundle (a zip), for disputes and
 * chargebacks. The server records the downloads in the order's history, once per person and day.
 */
export const downloadEvidenceBundle = (orderId: string): Promise<string> =>
  downloadAsAdmin(`/api/admin/orders/${encodeURIComponent(orderId)}/evidence`, 'dossier-de-preuves.zip');

/** The download with its outcome told in a toast; `onDownloaded` runs once the file is saved. */
export function useDownloadEvidenceBundle(orderId: string, onDownloaded?: () => void) {
  return useMutation({
    mutationFn: () => downloadEvidenceBundle(orderId),
    onSuccess: (name) => {
      showSuccessToast('Dossier de preuves prêt', `Le fichier ${name} est téléchargé.`);
      onDownloaded?.();
    },
    onError: () =>
      showErrorToast(
        "Le dossier de preuves n'a pas pu être téléchargé",
        'Vérifiez votre connexion, puis réessayez dans un instant.',
      ),
  });
}
