import { normalizeWebUrl } from '@coseso/domain/orders/url';
import { z } from 'zod/mini';
import { type AdminActionKey } from './admin-actions';

/** The spec's "URL requise" texts (§5), per action that asks for a URL. */
export const urlRequiredMessages: Partial<Record<AdminActionKey, string>> = {
  send_review_link: 'Une URL de révision est requise pour passer en phase de révision',
  complete_changes: 'Une URL de révision est requise pour relancer la validation',
  finalize_delivery: "L'URL du site livré est requise pour finaliser la livraison",
};

/** What an empty reason says, per action that asks for one: the dialog names what it is the reason of. */
export const reasonRequiredMessages: Partial<Record<AdminActionKey, string>> = {
  cancel: "Le motif de l'annulation est requis",
  reactivate: 'Le motif de la réactivation est requis',
  correct_status: 'Le motif de la correction est requis',
};

export const URL_EXAMPLE = 'https://www.exemple.fr';
export const invalidUrlMessage = `Veuillez saisir une URL valide (ex: ${URL_EXAMPLE})`;

export const REASON_MAX_LENGTH = 1000;
export const NOTES_MAX_LENGTH = 5000;

/** Spec §5: a URL without a scheme gets https://; it must then parse as a URL. */
export const urlSchema = (requiredMessage: string) =>
  z.string().check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.refine((value) => value === '' || normalizeWebUrl(value) !== null, invalidUrlMessage),
    z.overwrite((value) => normalizeWebUrl(value) ?? value),
  );

export const paymentReferenceMessage = 'La référence du paiement est requise (virement, chèque…)';
export const paymentDateMessage = 'La date de réception du paiement est requise (jj/mm/aaaa)';
export const paymentMeansMessage = 'Le moyen de paiement est requis (virement, chèque ou espèces)';

/** How an offline payment came in, as the dialog offers it (the event's `payment.means`). */
export const paymentMeansOptions = [
  { value: 'transfer', label: 'Virement' },
  { value: 'cheque', label: 'Chèque' },
  { value: 'cash', label: 'Espèces' },
] as const;

export const actionFormSchema = (
  input: 'url' | 'url-note' | 'notes' | 'required-notes' | 'reason' | 'payment',
  /** What an empty URL or reason says (`urlRequiredMessages`, `reasonRequiredMessages`). */
  requiredMessage?: string,
) => {
  switch (input) {
    case 'url':
      return z.object({ url: urlSchema(requiredMessage ?? "L'URL est requise") });
    case 'url-note':
      return z.object({
        url: urlSchema(requiredMessage ?? "L'URL est requise"),
        note: z.optional(z.string().check(z.trim(), z.maxLength(NOTES_MAX_LENGTH))),
      });
    case 'notes':
      return z.object({ notes: z.optional(z.string().check(z.trim(), z.maxLength(NOTES_MAX_LENGTH))) });
    case 'required-notes':
      return z.object({
        notes: z
          .string()
          .check(
            z.trim(),
            z.minLength(1, 'Un message est requis pour le client'),
            z.maxLength(NOTES_MAX_LENGTH),
          ),
      });
    case 'reason':
      return z.object({
        refund: z.optional(z.boolean()),
        reason: z
          .string()
          .check(
            z.trim(),
            z.minLength(1, requiredMessage ?? 'Le motif est requis'),
            z.maxLength(REASON_MAX_LENGTH),
          ),
      });
    case 'payment':
      return z.object({
        notes: z.string().check(z.trim(), z.minLength(1, paymentReferenceMessage), z.maxLength(200)),
        date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, paymentDateMessage)),
        means: z
          .string()
          .check(z.refine((v) => paymentMeansOptions.some((o) => o.value === v), paymentMeansMessage)),
      });
  }
};
