import { BooleanField, TextField } from '../../infra/http/request-fields.js';

/** `POST /api/admin/orders/:orderId/erase-contact`: final, so confirmed, and for a reason kept in the log. */
export class EraseOrderContactRequestDto {
  @TextField({
    maxLength: 2000,
    minLength: 1,
    trim: true,
    minMessage: 'Indiquez la raison de l’effacement',
    requiredMessage: 'Indiquez la raison de l’effacement',
    description: 'Why the data is erased (e.g. the visitor’s request and its date); kept in the event',
  })
  reason!: string;

  @BooleanField({
    mustBeTrue: 'Confirmez l’effacement définitif des données du contact',
    requiredMessage: 'Confirmez l’effacement définitif des données du contact',
    description: 'Must be true: the erasure cannot be undone',
  })
  confirmation!: boolean;
}
