export const html = `{{#> layout}}
{{> greeting}}
{{#if single}}
{{#each alerts}}
<p style="margin:0 0 16px;"><strong>{{title}}</strong> – commande <strong>#{{orderNumber}}</strong> ({{companyName}}) : {{what}}</p>
{{> button href=(url orderUrl) label="Ouvrir la commande dans le back-office"}}
{{/each}}
{{else}}
<p style="margin:0 0 16px;">Depuis le dernier récapitulatif, {{count}} actions de clients attendent l'équipe :</p>
{{#each alerts}}
<p style="margin:0 0 16px;"><strong>{{title}}</strong> – commande #{{orderNumber}} ({{companyName}}) : {{what}}<br><a href="{{url orderUrl}}" style="color:#2563eb;">Ouvrir la commande #{{orderNumber}}</a></p>
{{/each}}
{{/if}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

{{#if single}}
{{#each alerts}}
{{title}} – commande #{{orderNumber}} ({{companyName}}) : {{what}}

{{> button href=(url orderUrl) label="Ouvrir la commande dans le back-office"}}
{{/each}}
{{else}}
Depuis le dernier récapitulatif, {{count}} actions de clients attendent l'équipe :

{{#each alerts}}
- {{title}} – commande #{{orderNumber}} ({{companyName}}) : {{what}}
  {{url orderUrl}}

{{/each}}
{{/if}}
{{/layout}}
`;
