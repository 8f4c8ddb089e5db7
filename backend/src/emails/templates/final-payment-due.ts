export const html = `{{#> layout}}
{{> greeting}}
{{#if resent}}
<p style="margin:0 0 16px;">Votre paiement pour le site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>) n'a pas encore abouti : voici un nouveau lien pour le régler.</p>
{{else}}
<p style="margin:0 0 16px;">Merci d'avoir validé la maquette du site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>) !</p>
{{/if}}
{{#if monthly}}
<p style="margin:0 0 16px;">Dernière étape avant la mise en ligne : le premier mois de votre abonnement, qui le démarre. Votre site est livré dès le paiement reçu.</p>
{{else}}
<p style="margin:0 0 16px;">Dernière étape avant la mise en ligne : le solde de 50 %. Votre site est livré dès le paiement reçu.</p>
{{/if}}
{{#> details}}
{{> row label="Objet" value=(paymentLabel paidFor)}}
{{> row label="Montant" value=(eurosTtc amountWithVat)}}
{{> row label="Commande" value=(concat "#" orderNumber)}}
{{/details}}
<p style="margin:0 0 16px;">Le bouton ci-dessous ouvre votre espace client, d'où vous réglez en ligne par carte. Si le paiement échoue, vous pouvez le réessayer à tout moment depuis le même endroit.</p>
{{> button href=(url payUrl) label=(concat "Payer " (eurosTtc amountWithVat))}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

{{#if resent}}
Votre paiement pour le site {{ofName companyName}} (commande #{{orderNumber}}) n'a pas encore abouti : voici un nouveau lien pour le régler.
{{else}}
Merci d'avoir validé la maquette du site {{ofName companyName}} (commande #{{orderNumber}}) !
{{/if}}

{{#if monthly}}
Dernière étape avant la mise en ligne : le premier mois de votre abonnement, qui le démarre. Votre site est livré dès le paiement reçu.
{{else}}
Dernière étape avant la mise en ligne : le solde de 50 %. Votre site est livré dès le paiement reçu.
{{/if}}

{{> row label="Objet" value=(paymentLabel paidFor)}}
{{> row label="Montant" value=(eurosTtc amountWithVat)}}
{{> row label="Commande" value=(concat "#" orderNumber)}}

Le lien ci-dessous ouvre votre espace client, d'où vous réglez en ligne par carte. Si le paiement échoue, vous pouvez le réessayer à tout moment depuis le même endroit.

{{> button href=(url payUrl) label=(concat "Payer " (eurosTtc amountWithVat))}}
{{/layout}}
`;
