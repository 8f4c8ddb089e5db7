import { EmailField, TextField } from '../../infra/http/request-fields.js';

/** `POST /api/admin/orders/:orderId/contact-email`: the right address, and why it changes. */
export class CorrectContactEmailRequestDto {
  @EmailField({ description: 'The new contact address (the mailer’s rule, lower-cased when kept)' })
  email!: string;

  @TextField({
    maxLength: 1000,
    minLength: 1,
    trim: true,
    minMessage: 'Le motif de la correction est requis',
    requiredMessage: 'Le motif de la correction est requis',
    description:
      'Why the address changes (e.g. « faute de frappe, confirmée par téléphone »); kept in the log',
  })
  reason!: string;
}
