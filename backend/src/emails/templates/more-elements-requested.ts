export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Pour avancer sur le site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>), notre équipe a besoin de quelques éléments supplémentaires :</p>
{{> quote text=message}}
<p style="margin:0 0 16px;">Vous pouvez les déposer dans l'onglet Médias de votre espace client, puis nous renvoyer votre brief.</p>
{{> button href=(url orderUrl) label="Compléter mon brief"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Pour avancer sur le site {{ofName companyName}} (commande #{{orderNumber}}), notre équipe a besoin de quelques éléments supplémentaires :

{{> quote text=message}}

Vous pouvez les déposer dans l'onglet Médias de votre espace client, puis nous renvoyer votre brief.

{{> button href=(url orderUrl) label="Compléter mon brief"}}
{{/layout}}
`;
