import { ProjectionWaiter } from '@coseso/projections/projection-waiter';
import { ClientAccountRow } from '@coseso/projections/read-models/client-accounts/client-account.entity';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { READ_MODELS } from '../../infra/tokens.js';
import { type ClientProfile, GetClientProfileQuery } from './get-client-profile.query.js';

const CATCH_UP_MS = 2_000;

@QueryHandler(GetClientProfileQuery)
export class GetClientProfileHandler implements IQueryHandler<GetClientProfileQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: DataSource,
    private readonly waiter: ProjectionWaiter,
  ) {}

  async execute({ clientId }: GetClientProfileQuery): Promise<ClientProfile | null> {
    const profile = await this.find(clientId);
    if (profile) return profile;
    // Every caller knows the client from its credentials, which exist only once the account is in
    // the log: a missing row is the read model a moment behind, right after the account was made.
    if (!(await this.waiter.waitForCatchUp('client-accounts', CATCH_UP_MS))) return null;
    return this.find(clientId);
  }

  private async find(clientId: string): Promise<ClientProfile | null> {
    const row = await this.readModels.getRepository(ClientAccountRow).findOne({ where: { clientId } });
    return row
      ? { id: row.clientId, email: row.email, firstName: row.firstName, lastName: row.lastName }
      : null;
  }
}
