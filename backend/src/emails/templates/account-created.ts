export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Bienvenue chez Coseso ! {{#if orderNumber}}Suite à votre commande <strong>#{{orderNumber}}</strong>, votre{{else}}Votre{{/if}} espace client est prêt. Vous y suivez la création de votre site, signez votre contrat, envoyez vos logo, textes et images, et relisez votre site avant sa mise en ligne.</p>
<p style="margin:0 0 16px;">{{#if email}}Votre identifiant est votre adresse email : <strong>{{email}}</strong>.{{else}}Votre identifiant est l'adresse email à laquelle vous recevez ce message.{{/if}} Il ne vous reste qu'à choisir votre mot de passe :</p>
{{> button href=(url setPasswordUrl) label="Choisir mon mot de passe"}}
<p style="margin:0 0 16px;">Ce lien est personnel, ne sert qu'une fois et reste valable 7 jours. Passé ce délai, utilisez « Mot de passe oublié ? » sur la page de connexion pour en recevoir un nouveau.</p>
<p style="margin:0 0 16px;">Pour votre sécurité, nous ne vous enverrons jamais de mot de passe par email.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Bienvenue chez Coseso ! {{#if orderNumber}}Suite à votre commande #{{orderNumber}}, votre{{else}}Votre{{/if}} espace client est prêt. Vous y suivez la création de votre site, signez votre contrat, envoyez vos logo, textes et images, et relisez votre site avant sa mise en ligne.

{{#if email}}Votre identifiant est votre adresse email : {{email}}.{{else}}Votre identifiant est l'adresse email à laquelle vous recevez ce message.{{/if}} Il ne vous reste qu'à choisir votre mot de passe.

{{> button href=(url setPasswordUrl) label="Choisir mon mot de passe"}}

Ce lien est personnel, ne sert qu'une fois et reste valable 7 jours. Passé ce délai, utilisez « Mot de passe oublié ? » sur la page de connexion pour en recevoir un nouveau.

Pour votre sécurité, nous ne vous enverrons jamais de mot de passe par email.
{{/layout}}
`;
