export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Le contrat de la commande <strong>#{{orderNumber}}</strong> (site {{ofPrep companyName}}<strong>{{ofRest companyName}}</strong>) est prêt. Vous le trouverez dans votre espace client : relisez-le, puis signez-le en ligne en quelques clics.</p>
{{> button href=(url contractUrl) label="Lire et signer mon contrat"}}
<p style="margin:0 0 16px;">Pas encore de mot de passe ? Choisissez-le d’abord avec le lien de l’email « Bienvenue chez Coseso », envoyé juste avant celui-ci : votre contrat vous attendra dans votre espace client.</p>
<p style="margin:0 0 16px;">Une fois le contrat signé, notre équipe ouvre votre brief et vous prévient par email : vous pourrez alors nous transmettre logo, textes et images.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Le contrat de la commande #{{orderNumber}} (site {{ofName companyName}}) est prêt. Vous le trouverez dans votre espace client : relisez-le, puis signez-le en ligne en quelques clics.

{{> button href=(url contractUrl) label="Lire et signer mon contrat"}}

Pas encore de mot de passe ? Choisissez-le d’abord avec le lien de l’email « Bienvenue chez Coseso », envoyé juste avant celui-ci : votre contrat vous attendra dans votre espace client.

Une fois le contrat signé, notre équipe ouvre votre brief et vous prévient par email : vous pourrez alors nous transmettre logo, textes et images.
{{/layout}}
`;
