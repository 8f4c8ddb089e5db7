import { type IdentityState, type IdentityVersion } from '@coseso/domain/identity/identity-decider';
import { sellerOf } from '@coseso/domain/identity/identity-rules';
import { IDENTITY_STREAM } from '@coseso/domain/events/event-reader';
import { type SellerIdentity } from '@coseso/domain/invoices/invoice-document';
import { type AgencyIdentity } from '@coseso/event-schemas/identity/identity-events';
import { Inject, Injectable } from '@nestjs/common';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../infra/tokens.js';
import { type CommandContext } from '../write-side/command-context.js';
import { IdentityCommandRunner } from './identity-command-runner.js';

export const FIRST_IDENTITY_REASON = 'Première version : l’identité configurée (SELLER_*) au démarrage.';

/** The identity the environment's SELLER_* give: version 1, until the back-office changes it. */
export function firstAgencyIdentity(config: AppConfig): AgencyIdentity {
  return {
    name: config.SELLER_NAME,
    legalForm: config.SELLER_LEGAL_FORM,
    street: config.SELLER_STREET,
    postcode: config.SELLER_POSTCODE,
    city: config.SELLER_CITY,
    siret: config.SELLER_SIRET,
    rcsCity: config.SELLER_RCS_CITY,
    vatNumber: config.SELLER_VAT_NUMBER,
    shareCapitalEuros: config.SELLER_SHARE_CAPITAL,
    email: config.SELLER_EMAIL,
    iban: config.SELLER_IBAN,
  };
}

/**
 * The agency's identity as documents read it when they are issued: the latest version of the
 * `identity` stream, read from the log each time (one small stream, caught up from what this process
 * already folded), so an invoice issued right after a change names the new seller in every process.
 * Until the back-office first changes it, the log holds nothing and version 1 is the environment's
 * (docs/adr/0128-the-agency-identity-is-a-stream-of-versions.md).
 */
@Injectable()
export class AgencyIdentityService {
  constructor(
    private readonly runner: IdentityCommandRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every version, oldest first (version 1 implied while the log holds none). */
  async versions(): Promise<readonly IdentityVersion[]> {
    const { versions } = await this.state();
    return versions.length > 0 ? versions : [this.implicitFirstVersion()];
  }

  /** The version documents issued now name. */
  async current(): Promise<IdentityVersion> {
    return (await this.versions()).at(-1)!;
  }

  /** The seller block of a document issued now. */
  async seller(): Promise<SellerIdentity> {
    return sellerOf((await this.current()).identity);
  }

  /** Records the next version (seeding version 1 from the environment in the same append when the log has none). */
  async change(
    input: { identity: AgencyIdentity; reason: string },
    context: CommandContext,
  ): Promise<{ version: IdentityVersion; position: bigint | null }> {
    const outcome = await this.runner.runAll(
      IDENTITY_STREAM,
      [
        {
          type: 'SeedAgencyIdentity',
          identity: firstAgencyIdentity(this.config),
          reason: FIRST_IDENTITY_REASON,
        },
        { type: 'ChangeAgencyIdentity', ...input },
      ],
      context,
    );
    return { version: outcome.state.versions.at(-1)!, position: outcome.position };
  }

  private state(): Promise<IdentityState> {
    return this.runner.current(IDENTITY_STREAM);
  }

  private implicitFirstVersion(): IdentityVersion {
    return {
      version: 1,
      changedAt: new Date(0).toISOString(),
      changedBy: { kind: 'system', id: 'identity-seed' },
      reason: FIRST_IDENTITY_REASON,
      changedFields: [],
      identity: firstAgencyIdentity(this.config),
    };
  }
}
