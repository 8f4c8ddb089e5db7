import { agencyContact } from '@coseso/domain/shared/agency-contact';
export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Nous vous confirmons l'annulation de la commande <strong>#{{orderNumber}}</strong> (site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong>) le {{date cancelledAt}} : le projet est arrêté et aucun autre paiement ne vous sera demandé pour cette commande.</p>
{{#if paidWithVat}}
{{#if (eq guaranteeRefund "requested")}}
<p style="margin:0 0 16px;">Vous avez réglé <strong>{{eurosTtc paidWithVat}}</strong>. Votre commande date de moins de 14 jours : au titre de la garantie « satisfait ou remboursé », nous vous remboursons <strong>{{eurosTtc refundRequestedWithVat}}</strong> sur la carte utilisée pour le paiement. Le remboursement est en cours : il apparaît sur votre relevé sous 5 à 10 jours, et l'avoir correspondant vous attend dans votre espace client dès qu'il est effectué.</p>
{{#if paidOfflineWithVat}}
<p style="margin:0 0 16px;">Les <strong>{{eurosTtc paidOfflineWithVat}}</strong> réglés par virement, chèque ou espèces ne sont pas remboursés par cette annulation : écrivez-nous à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a> pour convenir de leur remboursement.</p>
{{/if}}
{{else if (eq guaranteeRefund "declined")}}
<p style="margin:0 0 16px;">Vous avez réglé <strong>{{eurosTtc paidWithVat}}</strong>. Aucun remboursement n'est effectué pour cette annulation. Pour toute question, écrivez-nous à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a>.</p>
{{else if refundable}}
{{#if (eq guaranteeRefund "legacy")}}
<p style="margin:0 0 16px;">Vous avez réglé <strong>{{eurosTtc paidWithVat}}</strong>. Votre commande date de moins de 14 jours : la garantie « satisfait ou remboursé » de nos conditions générales vous permet d'en obtenir le remboursement intégral. Demandez-le en écrivant à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a> avant le {{date guaranteeUntil}}.</p>
{{else}}
<p style="margin:0 0 16px;">Vous avez réglé <strong>{{eurosTtc paidWithVat}}</strong> par virement, chèque ou espèces : ces sommes ne sont pas remboursées par cette annulation. Votre commande date de moins de 14 jours : écrivez-nous à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a> pour convenir de leur remboursement.</p>
{{/if}}
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
{{#if (eq guaranteeRefund "requested")}}
Vous avez réglé {{eurosTtc paidWithVat}}. Votre commande date de moins de 14 jours : au titre de la garantie « satisfait ou remboursé », nous vous remboursons {{eurosTtc refundRequestedWithVat}} sur la carte utilisée pour le paiement. Le remboursement est en cours : il apparaît sur votre relevé sous 5 à 10 jours, et l'avoir correspondant vous attend dans votre espace client dès qu'il est effectué.
{{#if paidOfflineWithVat}}

Les {{eurosTtc paidOfflineWithVat}} réglés par virement, chèque ou espèces ne sont pas remboursés par cette annulation : écrivez-nous à ${agencyContact.supportEmail} pour convenir de leur remboursement.
{{/if}}
{{else if (eq guaranteeRefund "declined")}}
Vous avez réglé {{eurosTtc paidWithVat}}. Aucun remboursement n'est effectué pour cette annulation. Pour toute question, écrivez-nous à ${agencyContact.supportEmail}.
{{else if refundable}}
{{#if (eq guaranteeRefund "legacy")}}
Vous avez réglé {{eurosTtc paidWithVat}}. Votre commande date de moins de 14 jours : la garantie « satisfait ou remboursé » de nos conditions générales vous permet d'en obtenir le remboursement intégral. Demandez-le en écrivant à ${agencyContact.supportEmail} avant le {{date guaranteeUntil}}.
{{else}}
Vous avez réglé {{eurosTtc paidWithVat}} par virement, chèque ou espèces : ces sommes ne sont pas remboursées par cette annulation. Votre commande date de moins de 14 jours : écrivez-nous à ${agencyContact.supportEmail} pour convenir de leur remboursement.
{{/if}}
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
