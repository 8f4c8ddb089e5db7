import { BooleanField, TextField, UuidField } from '../../infra/http/request-fields.js';

export class ClientIdParams {
  @UuidField({ description: "The client account's id" })
  clientId!: string;
}

/** `POST /api/admin/clients/:clientId/erase`: final, so confirmed, and for a reason kept in the log. */
export class EraseClientDataRequestDto {
  @TextField({
    maxLength: 2000,
    minLength: 1,
    trim: true,
    minMessage: 'Indiquez la raison de l’effacement',
    requiredMessage: 'Indiquez la raison de l’effacement',
    description: 'Why the data is erased (e.g. the client’s request and its date); kept in the event',
  })
  reason!: string;

  @BooleanField({
    mustBeTrue: 'Confirmez l’effacement définitif des données du client',
    requiredMessage: 'Confirmez l’effacement définitif des données du client',
    description: 'Must be true: the erasure cannot be undone',
  })
  confirmation!: boolean;
}
