import { agencyContact } from '@coseso/domain/shared/agency-contact';
export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Nous vous confirmons l'annulation de la commande <strong>#{{orderNumber}}</strong> (site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong>) le {{date cancelledAt}} : le projet est arrêté et aucun autre paiement ne vous sera demandé pour cette commande.</p>
{{#if paidWithVat}}
{{#if refundable}}
<p style="margin:0 0 16px;">Vous avez réglé <strong>{{eurosTtc paidWithVat}}</strong>. Votre commande date de moins de 14 jours : la garantie « satisfait ou remboursé » de nos conditions générales vous permet d'en obtenir le remboursement intégral. Demandez-le en écrivant à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a> avant le {{date guaranteeUntil}}.</p>
{{else}}
<p style="margin:0 0 16px;">Vous avez réglé <strong>{{eurosTtc paidWithVat}}</strong>. La garantie « satisfait ou remboursé » de 14 jours a pris fin le {{date guaranteeUntil}} : ces sommes ne sont pas remboursées automatiquement. Pour toute question, écrivez-nous à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a>.</p>
{{/if}}
{{/if}}
{{#if subscriptionEnded}}
<p style="margin:0 0 16px;">Votre abonnement mensuel est arrêté avec elle : aucune mensualité ne sera plus prélevée.</p>
{{/if}}
{{#if subscriptionStillActive}}
<p style="margin:0 0 16px;">Votre abonnement mensuel n'est pas arrêté par cette annulation : écrivez-nous à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a> pour l'arrêter.</p>
{{/if}}
<p style="margin:0 0 16px;">Le détail reste consultable dans votre espace client.</p>
{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Nous vous confirmons l'annulation de la commande #{{orderNumber}} (site {{ofName companyName}}) le {{date cancelledAt}} : le projet est arrêté et aucun autre paiement ne vous sera demandé pour cette commande.

{{#if paidWithVat}}
{{#if refundable}}
Vous avez réglé {{eurosTtc paidWithVat}}. Votre commande date de moins de 14 jours : la garantie « satisfait ou remboursé » de nos conditions générales vous permet d'en obtenir le remboursement intégral. Demandez-le en écrivant à ${agencyContact.supportEmail} avant le {{date guaranteeUntil}}.
{{else}}
Vous avez réglé {{eurosTtc paidWithVat}}. La garantie « satisfait ou remboursé » de 14 jours a pris fin le {{date guaranteeUntil}} : ces sommes ne sont pas remboursées automatiquement. Pour toute question, écrivez-nous à ${agencyContact.supportEmail}.
{{/if}}
{{/if}}

{{#if subscriptionEnded}}
Votre abonnement mensuel est arrêté avec elle : aucune mensualité ne sera plus prélevée.
{{/if}}

{{#if subscriptionStillActive}}
Votre abonnement mensuel n'est pas arrêté par cette annulation : écrivez-nous à ${agencyContact.supportEmail} pour l'arrêter.
{{/if}}

Le détail reste consultable dans votre espace client.

{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;
