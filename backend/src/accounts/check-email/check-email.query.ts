import { Query } from '@nestjs/cqrs';

export interface EmailCheck {
  readonly exists: boolean;
  readonly valid: boolean;
  /** What the wizard shows under the field, in French. */
  readonly message: string;
}

/** The wizard's live check: is the address valid, and is there already a client account with it? */
export class CheckEmailQuery extends Query<EmailCheck> {
  constructor(readonly email: string) {
    super();
  }
}
