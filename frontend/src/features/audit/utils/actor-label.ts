import { type NamedActor } from '../api/get-order-history';
import { type ActorKind } from './event-log-search';

export const actorKindLabels: Record<ActorKind, string> = {
  visitor: 'Visiteur',
  client: 'Client',
  admin: 'Administrateur',
  auditor: 'Auditeur',
  provider: 'Prestataire de paiement',
  system: 'Système',
};

/** "Administrateur · marie@agence.fr", "Stripe", "Client", "Système": who did it, for people. */
export function actorLabel(actor: NamedActor | undefined): string {
  if (!actor) return actorKindLabels.system;
  const kind = actorKindLabels[actor.kind as ActorKind] ?? 'Acteur inconnu';
  if ((actor.kind === 'admin' || actor.kind === 'auditor') && actor.name) return `${kind} · ${actor.name}`;
  return actor.kind === 'provider' && actor.name ? actor.name : kind;
}
