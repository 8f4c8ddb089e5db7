export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Félicitations ! Le site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> est en ligne :</p>
{{> button href=(url siteUrl) label="Découvrir mon site"}}
<p style="margin:0 0 16px;">Vous retrouvez toutes les informations de la commande <strong>#{{orderNumber}}</strong> dans votre espace client. Une question, une évolution ? Notre équipe reste à vos côtés.</p>
{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Félicitations ! Le site {{ofName companyName}} est en ligne.

{{> button href=(url siteUrl) label="Découvrir mon site"}}

Vous retrouvez toutes les informations de la commande #{{orderNumber}} dans votre espace client. Une question, une évolution ? Notre équipe reste à vos côtés.

{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;
