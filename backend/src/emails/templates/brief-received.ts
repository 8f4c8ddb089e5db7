export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Merci ! Nous avons bien reçu le brief de la commande <strong>#{{orderNumber}}</strong> pour le site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong>{{#if fileCount}}, avec {{fileCount}} fichier{{#if plural}}s{{/if}}{{else}}, sans fichier à nous transmettre{{/if}}.</p>
<p style="margin:0 0 16px;">Notre équipe le relit et revient vers vous s'il manque un élément. Dès qu'il est validé, la création de votre site commence.</p>
{{> button href=(url orderUrl) label="Suivre mon projet"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Merci ! Nous avons bien reçu le brief de la commande #{{orderNumber}} pour le site {{ofName companyName}}{{#if fileCount}}, avec {{fileCount}} fichier{{#if plural}}s{{/if}}{{else}}, sans fichier à nous transmettre{{/if}}.

Notre équipe le relit et revient vers vous s'il manque un élément. Dès qu'il est validé, la création de votre site commence.

{{> button href=(url orderUrl) label="Suivre mon projet"}}
{{/layout}}
`;
