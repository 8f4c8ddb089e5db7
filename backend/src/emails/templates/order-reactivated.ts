export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Bonne nouvelle : la commande <strong>#{{orderNumber}}</strong> (site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong>) est de nouveau active depuis le {{date reactivatedAt}}. Le projet reprend {{resumesAt}}.</p>
{{#if firstOwedWithVat}}
<p style="margin:0 0 16px;">{{#if (eq firstKind "deposit")}}L'acompte{{else}}Les frais de mise en service{{/if}} de <strong>{{eurosTtc firstOwedWithVat}}</strong> {{#if (eq firstKind "deposit")}}n'est pas réglé (ou vous a été remboursé) : il est dû{{else}}ne sont pas réglés (ou vous ont été remboursés) : ils sont dus{{/if}} avant la suite du paiement. Vous pouvez {{#if (eq firstKind "deposit")}}le{{else}}les{{/if}} régler depuis votre espace client, comme la première fois.</p>
{{else}}
<p style="margin:0 0 16px;">Ce que vous avez déjà réglé reste acquis à la commande : rien de plus ne vous est demandé pour l'instant.</p>
{{/if}}
<p style="margin:0 0 16px;">Une fois la maquette validée, {{#if (eq finalKind "balance")}}le solde{{else}}le premier mois de l'abonnement{{/if}} vous sera demandé : {{eurosTtc finalWithVat}}.</p>
{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Bonne nouvelle : la commande #{{orderNumber}} (site {{ofName companyName}}) est de nouveau active depuis le {{date reactivatedAt}}. Le projet reprend {{resumesAt}}.

{{#if firstOwedWithVat}}
{{#if (eq firstKind "deposit")}}L'acompte{{else}}Les frais de mise en service{{/if}} de {{eurosTtc firstOwedWithVat}} {{#if (eq firstKind "deposit")}}n'est pas réglé (ou vous a été remboursé) : il est dû{{else}}ne sont pas réglés (ou vous ont été remboursés) : ils sont dus{{/if}} avant la suite du paiement. Vous pouvez {{#if (eq firstKind "deposit")}}le{{else}}les{{/if}} régler depuis votre espace client, comme la première fois.
{{else}}
Ce que vous avez déjà réglé reste acquis à la commande : rien de plus ne vous est demandé pour l'instant.
{{/if}}

Une fois la maquette validée, {{#if (eq finalKind "balance")}}le solde{{else}}le premier mois de l'abonnement{{/if}} vous sera demandé : {{eurosTtc finalWithVat}}.

{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;
