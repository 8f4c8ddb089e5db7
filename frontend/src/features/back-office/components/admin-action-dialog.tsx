import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod/mini';
import { CUSTOMER_TIME_ZONE } from '@coseso/domain/shared/customer-time-zone';
import { isApiError } from '@/lib/api';
import { serverMessageOr } from '@/lib/form-errors';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/ui/dialog';
import { Field } from '@/ui/field';
import { Checkbox } from '@/ui/checkbox';
import { Input } from '@/ui/input';
import { Spinner } from '@/ui/spinner';
import { Select } from '@/ui/select';
import { Textarea } from '@/ui/textarea';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { adminOrderQueryOptions } from '../api/get-admin-order';
import { type ActionValues, useAdminAction } from '../api/run-admin-action';
import { actionId, type AllowedAction, presentationOf } from '../utils/admin-actions';
import { BriefChecklist } from './brief-checklist';
import {
  actionFormSchema,
  invalidUrlMessage,
  NOTES_MAX_LENGTH,
  paymentMeansOptions,
  REASON_MAX_LENGTH,
  reasonRequiredMessages,
  urlRequiredMessages,
} from '../utils/admin-action-schemas';

type FormValues = Required<ActionValues>;
const emptyValues: FormValues = {
  url: '',
  note: '',
  notes: '',
  reason: '',
  date: '',
  means: '',
  refund: true,
};

/** Today in Paris, YYYY-MM-DD: the day an offline payment is usually recorded. */
const todayInParis = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: CUSTOMER_TIME_ZONE }).format(new Date());

interface AdminActionDialogProps {
  adminId: string;
  order: { id: string; orderNumber: number; companyName?: string | null };
  /** The action to confirm; null when the dialog is closed. */
  action: AllowedAction | null;
  onClose: () => void;
}

/** The dialog of every action: what it does, what it needs (URL, note, message, reason), then the call. */
export function AdminActionDialog({ action, onClose, ...props }: AdminActionDialogProps) {
  // Opened by a button of the panel or a drop on the board, not by a Radix trigger: focus goes back to
  // what had it (the button, the card's handle), or to the panel's title when the action removed it.
  const opener = useRef<HTMLElement | null>(null);
  const open = action !== null;
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected
      ? opener.current
      : document.getElementById('order-panel-title');
    target?.focus({ preventScroll: true });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {action && (
        <ActionDialogContent
          key={actionId(action)}
          action={action}
          onClose={onClose}
          onCloseAutoFocus={returnFocus}
          {...props}
        />
      )}
    </Dialog>
  );
}

const input0 = (action: AllowedAction) => presentationOf(action).input.kind;

/** Each action's schema reads only its own fields of the one form every action shares. */
function schemaFor(action: AllowedAction): z.ZodMiniType<ActionValues, FormValues> | null {
  const schema = actionSchema(action);
  return schema && (schema as z.ZodMiniType<ActionValues, FormValues>);
}

function actionSchema(action: AllowedAction): z.ZodMiniType<ActionValues, ActionValues> | null {
  const { input } = presentationOf(action);
  switch (input.kind) {
    case 'url':
      return actionFormSchema(input.note ? 'url-note' : 'url', urlRequiredMessages[action.action]);
    case 'notes':
      return actionFormSchema(input.required ? 'required-notes' : 'notes');
    case 'reason':
      return actionFormSchema('reason', reasonRequiredMessages[action.action]);
    case 'payment':
      return actionFormSchema('payment');
    default:
      return null;
  }
}

function ActionDialogContent({
  adminId,
  order,
  action,
  onClose,
  onCloseAutoFocus,
}: AdminActionDialogProps & { action: AllowedAction; onCloseAutoFocus: (event: Event) => void }) {
  const definition = presentationOf(action);
  const mutation = useAdminAction(adminId);
  const schema = schemaFor(action);
  const form = useForm<FormValues, unknown, ActionValues>({
    defaultValues: input0(action) === 'payment' ? { ...emptyValues, date: todayInParis() } : emptyValues,
    resolver: schema ? zodResolver(schema) : (values) => ({ values, errors: {} }),
  });
  const { errors } = form.formState;
  const { input } = definition;

  const run = (values: ActionValues) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { orderId: order.id, action, values },
      {
        onSuccess: () => {
          showSuccessToast(definition.success, successDetail(action));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400 && error.fields) {
            const [field, message] = Object.entries(error.fields)[0] ?? [];
            if (message && (field === 'reviewUrl' || field === 'deliveryUrl'))
              form.setError('url', { type: 'server', message });
            if (message && (field === 'paymentDate' || field === 'receivedOn'))
              form.setError('date', { type: 'server', message });
            if (message && (field === 'paymentReference' || field === 'reference'))
              form.setError('notes', { type: 'server', message });
            if (message && (field === 'paymentMeans' || field === 'means'))
              form.setError('means', { type: 'server', message });
          }
          showErrorToast('Erreur', serverMessageOr(error, definition.failure));
          if (isApiError(error) && error.status === 409) onClose();
        },
      },
    );
  };

  const submit = form.handleSubmit(
    (values) => run(values),
    (invalid) => {
      if (invalid.url) {
        const required = invalid.url.message !== invalidUrlMessage;
        showErrorToast(required ? 'URL requise' : 'URL invalide', invalid.url.message);
      }
    },
  );

  const who = order.companyName || `Commande #${order.orderNumber}`;

  return (
    <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <DialogTitle>{action.label}</DialogTitle>
      <DialogDescription>
        {who} · {definition.description}
      </DialogDescription>
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        {action.action === 'validate_brief' && <BriefToValidate orderId={order.id} />}
        {input.kind === 'url' && (
          <Field
            label={action.action === 'finalize_delivery' ? 'URL du site livré' : 'URL de révision'}
            required
            error={errors.url?.message}
            description="https:// est ajouté si vous ne l'écrivez pas."
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('url')}
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                placeholder="https://"
                maxLength={2000}
              />
            )}
          </Field>
        )}
        {input.kind === 'url' && input.note && (
          <Field label="Note pour le client (facultatif)" error={errors.note?.message}>
            {(control) => <Textarea {...control} {...form.register('note')} maxLength={NOTES_MAX_LENGTH} />}
          </Field>
        )}
        {input.kind === 'notes' && (
          <Field
            label={input.required ? 'Message au client' : 'Notes (facultatif)'}
            required={input.required}
            error={errors.notes?.message}
          >
            {(control) => <Textarea {...control} {...form.register('notes')} maxLength={NOTES_MAX_LENGTH} />}
          </Field>
        )}
        {input.kind === 'payment' && (
          <>
            <Field
              label="Référence du paiement"
              required
              description="Virement, chèque…"
              error={errors.notes?.message}
            >
              {(control) => <Input {...control} {...form.register('notes')} maxLength={200} />}
            </Field>
            <Field label="Moyen de paiement" required error={errors.means?.message}>
              {(control) => (
                <Select {...control} {...form.register('means')}>
                  <option value="" disabled>
                    Choisir…
                  </option>
                  {paymentMeansOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label="Date de réception"
              required
              description="Le jour où le paiement a été reçu, pas celui où vous l'enregistrez."
              error={errors.date?.message}
            >
              {(control) => (
                <Input {...control} {...form.register('date')} type="date" max={todayInParis()} />
              )}
            </Field>
          </>
        )}
        {action.action === 'cancel' && (
          <Checkbox
            {...form.register('refund')}
            label="Rembourser le client (garantie de 14 jours)"
            description="Dans les 14 jours suivant le premier paiement, les paiements par carte sont remboursés par le prestataire de paiement, puis un avoir est émis pour chacun. Décochez pour ne rien rembourser : aucun avoir, et le client en est informé. Sans effet après les 14 jours."
          />
        )}
        {input.kind === 'reason' && (
          <Field label={input.label} required error={errors.reason?.message}>
            {(control) => (
              <Textarea {...control} {...form.register('reason')} maxLength={REASON_MAX_LENGTH} />
            )}
          </Field>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Retour</Button>
          </DialogClose>
          <Button
            type="submit"
            pending={mutation.isPending}
            pendingLabel={definition.pendingLabel}
            className={
              definition.destructive ? 'bg-red-600 hover:bg-red-700 disabled:hover:bg-red-600' : undefined
            }
          >
            {definition.confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** What the brief holds, in the dialog that validates it: the team decides with it in view. */
function BriefToValidate({ orderId }: { orderId: string }) {
  const detail = useQuery(adminOrderQueryOptions(orderId));
  return (
    <section aria-labelledby="brief-to-validate" className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
      <h3 id="brief-to-validate" className="text-sm font-semibold text-slate-900">
        Ce que le client a envoyé
      </h3>
      {detail.data ? (
        <BriefChecklist order={detail.data} />
      ) : detail.isError ? (
        <p className="text-sm text-amber-800">
          Le contenu du brief n'a pas pu être chargé : fermez et ouvrez la commande pour le voir avant de
          valider.
        </p>
      ) : (
        <Spinner label="Chargement du brief..." />
      )}
    </section>
  );
}

function successDetail(action: AllowedAction): string | undefined {
  switch (action.action) {
    case 'send_review_link':
      return 'Le lien de révision a été envoyé au client par email.';
    case 'complete_changes':
      return 'La nouvelle version a été envoyée au client par email.';
    case 'request_more_elements':
      return 'Le client a été prévenu par email.';
    case 'finalize_delivery':
      return 'Le client a été prévenu par email.';
    default:
      return undefined;
  }
}
