export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Bonne nouvelle : la commande <strong>#{{orderNumber}}</strong> (site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong>) est de nouveau active depuis le {{date reactivatedAt}}. Le projet reprend {{resumesAt}}.</p>
{{#if firstOwedWithVat}}
<p style="margin:0 0 16px;">{{#if (eq firstKind "deposit")}}L'acompte{{else}}Les frais de mise en service{{/if}} de <strong>{{eurosTtc firstOwedWithVat}}</strong> {{#if (eq firstKind "deposit")}}n'est pas réglé (ou vous a été remboursé) : il est dû{{else}}ne sont pas réglés (ou vous ont été remboursés) : ils sont dus{{/if}} avant la suite du paiement. Vous pouvez {{#if (eq firstKind "deposit")}}le{{else}}les{{/if}} régler depuis votre espace client, comme la première fois.</p>
{{else}}
<p style="margin:0 0 16px;">Ce que vous avez déjà réglé reste acquis à la commande{{#if finalHeld}} : rien de plus ne vous est demandé pour l'instant{{else}}{{#unless approved}} : rien de plus ne vous est demandé pour l'instant{{/unless}}{{/if}}.</p>
{{/if}}
{{#if reissuedInvoices.length}}
<p style="margin:0 0 16px;">L'avoir émis lors de l'annulation reste valable ; ce que vous avez réglé étant conservé par la commande, {{#if (eq reissuedInvoices.length 1)}}une nouvelle facture vous est émise{{else}}de nouvelles factures vous sont émises{{/if}}, jointe{{#unless (eq reissuedInvoices.length 1)}}s{{/unless}} à cet email :</p>
<ul style="margin:0 0 16px;padding-left:20px;">
{{#each reissuedInvoices}}
<li>Facture <strong>{{number}}</strong> : {{euros totalAmount}} HT, soit <strong>{{eurosTtc totalWithVat}}</strong>, déjà réglée</li>
{{/each}}
</ul>
<p style="margin:0 0 16px;">Vous {{#if (eq reissuedInvoices.length 1)}}la{{else}}les{{/if}} retrouvez dans votre espace client, rubrique « Vos factures », avec la mention « Facture réémise suite à la réactivation de votre commande ».</p>
{{/if}}
{{#if finalHeld}}
<p style="margin:0 0 16px;">{{#if (eq finalKind "balance")}}Le solde de la commande est déjà réglé.{{else}}Le premier mois de l'abonnement est déjà réglé.{{#if subscriptionResumesAt}} Votre abonnement mensuel reprend : prochain prélèvement de <strong>{{eurosTtc finalWithVat}}</strong> le {{date subscriptionResumesAt}}, à la fin du mois déjà réglé.{{/if}}{{/if}}</p>
{{else if approved}}
<p style="margin:0 0 16px;">Votre maquette est validée : {{#if (eq finalKind "balance")}}le solde{{else}}le premier mois de l'abonnement{{/if}} reste à régler : {{eurosTtc finalWithVat}}.</p>
{{else}}
<p style="margin:0 0 16px;">Une fois la maquette validée, {{#if (eq finalKind "balance")}}le solde{{else}}le premier mois de l'abonnement{{/if}} vous sera demandé : {{eurosTtc finalWithVat}}.</p>
{{/if}}
{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Bonne nouvelle : la commande #{{orderNumber}} (site {{ofName companyName}}) est de nouveau active depuis le {{date reactivatedAt}}. Le projet reprend {{resumesAt}}.

{{#if firstOwedWithVat}}
{{#if (eq firstKind "deposit")}}L'acompte{{else}}Les frais de mise en service{{/if}} de {{eurosTtc firstOwedWithVat}} {{#if (eq firstKind "deposit")}}n'est pas réglé (ou vous a été remboursé) : il est dû{{else}}ne sont pas réglés (ou vous ont été remboursés) : ils sont dus{{/if}} avant la suite du paiement. Vous pouvez {{#if (eq firstKind "deposit")}}le{{else}}les{{/if}} régler depuis votre espace client, comme la première fois.
{{else}}
Ce que vous avez déjà réglé reste acquis à la commande{{#if finalHeld}} : rien de plus ne vous est demandé pour l'instant{{else}}{{#unless approved}} : rien de plus ne vous est demandé pour l'instant{{/unless}}{{/if}}.
{{/if}}

{{#if reissuedInvoices.length}}
L'avoir émis lors de l'annulation reste valable ; ce que vous avez réglé étant conservé par la commande, {{#if (eq reissuedInvoices.length 1)}}une nouvelle facture vous est émise{{else}}de nouvelles factures vous sont émises{{/if}}, jointe{{#unless (eq reissuedInvoices.length 1)}}s{{/unless}} à cet email :
{{#each reissuedInvoices}}
- Facture {{number}} : {{euros totalAmount}} HT, soit {{eurosTtc totalWithVat}}, déjà réglée
{{/each}}

Vous {{#if (eq reissuedInvoices.length 1)}}la{{else}}les{{/if}} retrouvez dans votre espace client, rubrique « Vos factures », avec la mention « Facture réémise suite à la réactivation de votre commande ».

{{/if}}
{{#if finalHeld}}
{{#if (eq finalKind "balance")}}Le solde de la commande est déjà réglé.{{else}}Le premier mois de l'abonnement est déjà réglé.{{#if subscriptionResumesAt}} Votre abonnement mensuel reprend : prochain prélèvement de {{eurosTtc finalWithVat}} le {{date subscriptionResumesAt}}, à la fin du mois déjà réglé.{{/if}}{{/if}}
{{else if approved}}
Votre maquette est validée : {{#if (eq finalKind "balance")}}le solde{{else}}le premier mois de l'abonnement{{/if}} reste à régler : {{eurosTtc finalWithVat}}.
{{else}}
Une fois la maquette validée, {{#if (eq finalKind "balance")}}le solde{{else}}le premier mois de l'abonnement{{/if}} vous sera demandé : {{eurosTtc finalWithVat}}.
{{/if}}

{{> button href=(url orderUrl) label="Accéder à mon espace client"}}
{{/layout}}
`;
