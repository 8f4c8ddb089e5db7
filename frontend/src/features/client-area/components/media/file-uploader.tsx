import { UPLOAD_ACCEPT } from '@coseso/domain/files/upload-formats';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { type BriefFileCategory } from '@coseso/event-schemas/order/order-keys';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessageOr } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import { Select } from '@/ui/select';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { useUploadFiles } from '../../api/upload-files';
import { fileCategoryLabels, STORAGE_LIMIT_MB, uploadCategories } from '../../utils/client-files';
import { uploadProblem } from '../../utils/upload-checks';

interface UploadValues {
  category: BriefFileCategory;
  files: FileList | null;
}

const picked = (files: FileList | null) => Array.from(files ?? []);

/** « Envoyer des fichiers »: a category and the files, checked here as the server would before they leave. */
export function FileUploader({ order, storageUsed }: { order: OrderView; storageUsed: number }) {
  const upload = useUploadFiles(order.id);
  const categories = uploadCategories(order.selectedTemplate);
  const form = useForm<UploadValues>({
    defaultValues: { category: categories[0]!, files: null },
    // Files newly picked are judged when they are sent, not while they are picked.
    reValidateMode: 'onSubmit',
  });
  const problem = form.formState.errors.files?.message;
  const categoryId = useId();
  const filesId = useId();

  const refuse = (message: string) => {
    form.setError('files', { type: 'server', message }, { shouldFocus: true });
    showErrorToast("Erreur d'upload", message);
  };

  const submit = form.handleSubmit(
    ({ category, files }) => {
      const sent = picked(files);
      // mutateAsync: told even when the refreshed order has replaced this form meanwhile.
      upload.mutateAsync({ category, files: sent }).then(
        () => {
          showSuccessToast(
            'Fichiers uploadés',
            `${sent.length} fichier(s) ajouté(s) : ${fileCategoryLabels[category]}.`,
          );
          form.resetField('files');
        },
        (error: unknown) => refuse(serverMessageOr(error, "L'envoi a échoué. Veuillez réessayer.")),
      );
    },
    ({ files }) => files?.message && showErrorToast("Erreur d'upload", files.message),
  );

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
          <Select id={categoryId} {...form.register('category')}>
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
            id={filesId}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            aria-describedby={problem ? `${filesId}-problem` : undefined}
            {...form.register('files', {
              validate: (files) => uploadProblem(picked(files), storageUsed) ?? true,
              onChange: () => form.clearErrors('files'),
            })}
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
