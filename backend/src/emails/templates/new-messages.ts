export const html = `{{#> layout}}
{{> greeting}}
{{#if toTeam}}
<p style="margin:0 0 16px;">Le client {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>) vous a écrit {{#if plural}}{{count}} messages{{else}}un message{{/if}} :</p>
{{else}}
<p style="margin:0 0 16px;">Notre équipe vous a écrit {{#if plural}}{{count}} messages{{else}}un message{{/if}} au sujet du site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong> (commande <strong>#{{orderNumber}}</strong>) :</p>
{{/if}}
{{#each messages}}
{{#if text}}{{> quote text=text}}{{/if}}
{{#if attachments}}<p style="margin:0 0 16px;color:#475569;">{{attachmentsLabel}}</p>{{/if}}
{{/each}}
{{#if more}}<p style="margin:0 0 16px;">… et {{more}} de plus.</p>{{/if}}
{{#if toTeam}}
{{> button href=(url orderUrl) label="Répondre depuis le back-office"}}
{{else}}
<p style="margin:0 0 16px;">Répondez depuis l'onglet Messages de votre espace client : la conversation y est gardée avec votre commande.</p>
{{> button href=(url orderUrl) label="Lire et répondre"}}
{{/if}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

{{#if toTeam}}
Le client {{ofName companyName}} (commande #{{orderNumber}}) vous a écrit {{#if plural}}{{count}} messages{{else}}un message{{/if}} :
{{else}}
Notre équipe vous a écrit {{#if plural}}{{count}} messages{{else}}un message{{/if}} au sujet du site {{ofName companyName}} (commande #{{orderNumber}}) :
{{/if}}

{{#each messages}}
{{#if text}}{{> quote text=text}}

{{/if}}
{{#if attachments}}{{attachmentsLabel}}

{{/if}}
{{/each}}
{{#if more}}… et {{more}} de plus.

{{/if}}
{{#if toTeam}}
{{> button href=(url orderUrl) label="Répondre depuis le back-office"}}
{{else}}
Répondez depuis l'onglet Messages de votre espace client : la conversation y est gardée avec votre commande.

{{> button href=(url orderUrl) label="Lire et répondre"}}
{{/if}}
{{/layout}}
`;
