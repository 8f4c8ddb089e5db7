export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Nous avons bien reçu votre paiement, merci !</p>
{{#> details}}
{{> row label="Objet" value=(paymentLabel paidFor)}}
{{> row label="Montant" value=(eurosTtc amountWithVat)}}
{{> row label="Date" value=(date paidAt)}}
{{> row label="Commande" value=(concat "#" orderNumber)}}
{{#if companyName}}
{{> row label="Site" value=companyName}}
{{/if}}
{{/details}}
<p style="margin:0 0 16px;">Conservez cet email : il vous sert de justificatif de paiement. Vous suivez l'avancement de votre projet dans votre espace client.</p>
{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Nous avons bien reçu votre paiement, merci !

{{> row label="Objet" value=(paymentLabel paidFor)}}
{{> row label="Montant" value=(eurosTtc amountWithVat)}}
{{> row label="Date" value=(date paidAt)}}
{{> row label="Commande" value=(concat "#" orderNumber)}}
{{#if companyName}}
{{> row label="Site" value=companyName}}
{{/if}}

Conservez cet email : il vous sert de justificatif de paiement. Vous suivez l'avancement de votre projet dans votre espace client.

{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;
