import { TextField } from '../../infra/http/request-fields.js';

/** The shape of spec §7.2; the admin is the signed-in one (the call is authenticated: decision 4). */
export class ValidateBriefRequestDto {
  @TextField({
    maxLength: 200,
    optional: true,
    nullable: true,
    description: 'Accepted for the spec’s shape, not used: the validating admin is the bearer token’s',
  })
  adminId?: string | null;

  @TextField({
    maxLength: 5000,
    optional: true,
    nullable: true,
    description: 'The team’s notes on the brief',
  })
  notes?: string | null;
}
