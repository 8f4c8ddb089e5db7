// Sent before any payment, to an address nobody has proven yet: it carries nothing the visitor typed
// (no name, no company), only what the server computed (decision 52).
export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Merci pour votre confiance ! Nous avons bien enregistré la commande <strong>#{{orderNumber}}</strong> passée avec cette adresse email.</p>
{{#> details}}
{{#if (eq billingPeriod "yearly")}}
{{> row label="Formule" value="Annuelle"}}
{{> row label="Montant total" value=(eurosTtc totalWithVat)}}
{{> row label="Premier paiement (acompte de 50 %)" value=(eurosTtc firstPaymentWithVat)}}
{{else}}
{{> row label="Formule" value="Abonnement mensuel, sans engagement"}}
{{> row label="Abonnement" value=(concat (eurosTtc monthlyWithVat) " par mois")}}
{{> row label="Premier paiement (frais de mise en service)" value=(eurosTtc firstPaymentWithVat)}}
{{/if}}
{{/details}}
<p style="margin:0 0 16px;">Les prochaines étapes :</p>
<ol style="margin:0 0 16px;padding-left:24px;">
  <li>vous réglez le premier paiement en ligne, par carte bancaire ;</li>
  <li>nous créons votre espace client et vous envoyons un lien pour choisir votre mot de passe ;</li>
  <li>vous signez votre contrat en ligne, puis nous transmettez votre brief.</li>
</ol>
{{> button href=(url orderUrl) label="Voir ma commande"}}
<p style="margin:16px 0 0;font-size:14px;color:#64748b;">Vous n'êtes pas à l'origine de cette commande ? Ignorez simplement cet email : rien n'est débité sans paiement, et sans paiement nous ne vous écrirons plus à son sujet.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Merci pour votre confiance ! Nous avons bien enregistré la commande #{{orderNumber}} passée avec cette adresse email.

{{#if (eq billingPeriod "yearly")}}
{{> row label="Formule" value="Annuelle"}}
{{> row label="Montant total" value=(eurosTtc totalWithVat)}}
{{> row label="Premier paiement (acompte de 50 %)" value=(eurosTtc firstPaymentWithVat)}}
{{else}}
{{> row label="Formule" value="Abonnement mensuel, sans engagement"}}
{{> row label="Abonnement" value=(concat (eurosTtc monthlyWithVat) " par mois")}}
{{> row label="Premier paiement (frais de mise en service)" value=(eurosTtc firstPaymentWithVat)}}
{{/if}}

Les prochaines étapes :
1. vous réglez le premier paiement en ligne, par carte bancaire ;
2. nous créons votre espace client et vous envoyons un lien pour choisir votre mot de passe ;
3. vous signez votre contrat en ligne, puis nous transmettez votre brief.

{{> button href=(url orderUrl) label="Voir ma commande"}}

Vous n'êtes pas à l'origine de cette commande ? Ignorez simplement cet email : rien n'est débité sans paiement, et sans paiement nous ne vous écrirons plus à son sujet.
{{/layout}}
`;
