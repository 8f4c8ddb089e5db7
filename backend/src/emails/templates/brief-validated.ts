export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Bonne nouvelle : notre équipe a validé le brief de la commande <strong>#{{orderNumber}}</strong>. La création du site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> commence !</p>
<p style="margin:0 0 16px;">Comptez en général 7 à 10 jours avant de découvrir une première version. Nous vous écrivons dès qu'elle est prête à être relue.</p>
{{> button href=(url orderUrl) label="Suivre mon projet"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Bonne nouvelle : notre équipe a validé le brief de la commande #{{orderNumber}}. La création du site {{ofName companyName}} commence !

Comptez en général 7 à 10 jours avant de découvrir une première version. Nous vous écrivons dès qu'elle est prête à être relue.

{{> button href=(url orderUrl) label="Suivre mon projet"}}
{{/layout}}
`;
