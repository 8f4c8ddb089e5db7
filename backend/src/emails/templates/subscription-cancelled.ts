import { agencyContact } from '@coseso/domain/shared/agency-contact';
export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Nous confirmons l'annulation de l'abonnement du site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>).</p>
<p style="margin:0 0 16px;">Votre site reste en ligne jusqu'au <strong>{{date activeUntil}}</strong>, fin de la période déjà payée ; aucun nouveau paiement ne vous sera demandé. La période en cours n'est pas remboursée. Vos données sont ensuite conservées 30 jours.</p>
<p style="margin:0 0 16px;">Vous changez d'avis ? Écrivez-nous avant cette date à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a>.</p>
{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Nous confirmons l'annulation de l'abonnement du site {{ofName companyName}} (commande #{{orderNumber}}).

Votre site reste en ligne jusqu'au {{date activeUntil}}, fin de la période déjà payée ; aucun nouveau paiement ne vous sera demandé. La période en cours n'est pas remboursée. Vos données sont ensuite conservées 30 jours.

Vous changez d'avis ? Écrivez-nous avant cette date à ${agencyContact.supportEmail}.

{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;
