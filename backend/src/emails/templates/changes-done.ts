export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Nous avons apporté les modifications demandées sur le site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>).</p>
{{#if note}}
<p style="margin:0 0 8px;">Un mot de notre équipe :</p>
{{> quote text=note}}
{{/if}}
{{> button href=(url previewUrl) label="Voir la nouvelle version"}}
<p style="margin:0 0 16px;">Relisez-la, puis validez-la ou demandez d'autres ajustements depuis votre espace client.</p>
{{> button href=(url orderUrl) label="Donner mon avis"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Nous avons apporté les modifications demandées sur le site {{ofName companyName}} (commande #{{orderNumber}}).

{{#if note}}
Un mot de notre équipe :

{{> quote text=note}}

{{/if}}
{{> button href=(url previewUrl) label="Voir la nouvelle version"}}

Relisez-la, puis validez-la ou demandez d'autres ajustements depuis votre espace client.

{{> button href=(url orderUrl) label="Donner mon avis"}}
{{/layout}}
`;
