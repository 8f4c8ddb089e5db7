export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Votre brief est ouvert : vous pouvez maintenant nous transmettre les éléments du site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>) : logo, textes, images, puis soumettre votre brief.</p>
<p style="margin:0 0 16px;">Tout se passe dans l'onglet Médias de votre espace client. Vous n'avez rien à nous envoyer ? Soumettez-le simplement en le précisant.</p>
{{> button href=(url orderUrl) label="Envoyer mon brief"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Votre brief est ouvert : vous pouvez maintenant nous transmettre les éléments du site {{ofName companyName}} (commande #{{orderNumber}}) : logo, textes, images, puis soumettre votre brief.

Tout se passe dans l'onglet Médias de votre espace client. Vous n'avez rien à nous envoyer ? Soumettez-le simplement en le précisant.

{{> button href=(url orderUrl) label="Envoyer mon brief"}}
{{/layout}}
`;
