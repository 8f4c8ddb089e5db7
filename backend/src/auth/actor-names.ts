import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, PG_POOL } from '../infra/tokens.js';

export interface Actor {
  readonly kind: string;
  readonly id: string;
}

export interface NamedActor extends Actor {
  /** Who, in French, for people: an admin by their email, the provider by its name, the others by their role. */
  readonly name: string;
}

const roleNames: Record<string, string> = {
  visitor: 'Le visiteur',
  client: 'Le client',
  provider: 'Le prestataire de paiement',
  system: 'Le système',
  admin: 'Un administrateur',
  auditor: 'Un auditeur',
};

// The payment provider is named by the id its webhooks act under.
const providerNames: Record<string, string> = {
  stripe: 'Stripe',
  sandbox: 'Le prestataire de paiement (bac à sable)',
};

/** Names the actors of events: back-office accounts by their email (they are named accounts), the rest by role. */
@Injectable()
export class ActorNames {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async name(actors: readonly (Actor | undefined)[]): Promise<(actor: Actor | undefined) => NamedActor> {
    const staff = [
      ...new Set(actors.filter((a) => a && (a.kind === 'admin' || a.kind === 'auditor')).map((a) => a!.id)),
    ];
    const emails = new Map<string, string>();
    if (staff.length > 0) {
      const { rows } = await this.pool.query<{ admin_id: string; email: string }>(
        `select admin_id::text, email from "${this.config.DATABASE_SCHEMA}".admin_users
         where admin_id::text = any($1::text[]) or email = any($1::text[])`,
        [staff],
      );
      for (const row of rows) {
        emails.set(row.admin_id, row.email);
        emails.set(row.email, row.email);
      }
    }
    return (actor) => {
      const kind = actor?.kind ?? 'system';
      const id = actor?.id ?? '';
      const provider = kind === 'provider' ? providerNames[id] : undefined;
      return { kind, id, name: emails.get(id) ?? provider ?? roleNames[kind] ?? 'Un acteur inconnu' };
    };
  }
}
