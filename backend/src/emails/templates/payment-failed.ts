export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Le renouvellement de l'abonnement du site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>) n'a pas pu être réglé{{#if amountWithVat}} ({{eurosTtc amountWithVat}}){{/if}}. Cela arrive le plus souvent quand la carte a expiré ou que son plafond est atteint.</p>
<p style="margin:0 0 16px;">Pour que votre site reste en ligne sans interruption, mettez à jour votre carte bancaire :</p>
{{> button href=(url updateCardUrl) label="Mettre à jour ma carte"}}
<p style="margin:0 0 16px;">Le paiement est sécurisé par notre prestataire : vos données bancaires ne sont jamais stockées sur nos serveurs.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Le renouvellement de l'abonnement du site {{ofName companyName}} (commande #{{orderNumber}}) n'a pas pu être réglé{{#if amountWithVat}} ({{eurosTtc amountWithVat}}){{/if}}. Cela arrive le plus souvent quand la carte a expiré ou que son plafond est atteint.

Pour que votre site reste en ligne sans interruption, mettez à jour votre carte bancaire.

{{> button href=(url updateCardUrl) label="Mettre à jour ma carte"}}

Le paiement est sécurisé par notre prestataire : vos données bancaires ne sont jamais stockées sur nos serveurs.
{{/layout}}
`;
