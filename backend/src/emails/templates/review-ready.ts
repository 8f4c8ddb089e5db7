export const html = `{{#> layout}}
{{> greeting}}
{{#if (eq round 1)}}
<p style="margin:0 0 16px;">La première version du site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> est prête ! Prenez le temps de la découvrir :</p>
{{else}}
<p style="margin:0 0 16px;">Une nouvelle version du site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> est prête (tour de relecture n° {{round}}). Prenez le temps de la découvrir :</p>
{{/if}}
{{> button href=(url previewUrl) label="Voir l'aperçu de mon site"}}
<p style="margin:0 0 16px;">Ensuite, depuis votre espace client (commande <strong>#{{orderNumber}}</strong>), validez le site ou décrivez les modifications que vous souhaitez.</p>
{{> button href=(url orderUrl) label="Donner mon avis"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

{{#if (eq round 1)}}
La première version du site {{ofName companyName}} est prête ! Prenez le temps de la découvrir.
{{else}}
Une nouvelle version du site {{ofName companyName}} est prête (tour de relecture n° {{round}}). Prenez le temps de la découvrir.
{{/if}}

{{> button href=(url previewUrl) label="Voir l'aperçu de mon site"}}

Ensuite, depuis votre espace client (commande #{{orderNumber}}), validez le site ou décrivez les modifications que vous souhaitez.

{{> button href=(url orderUrl) label="Donner mon avis"}}
{{/layout}}
`;
