export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Vous avez demandé à réinitialiser le mot de passe de votre {{#if backOffice}}compte du back-office{{else}}espace client{{/if}} Coseso. Cliquez sur le bouton ci-dessous pour en choisir un nouveau :</p>
{{> button href=(url resetUrl) label="Choisir un nouveau mot de passe"}}
<p style="margin:0 0 16px;">Ce lien est valable 1 heure et ne sert qu'une fois.</p>
<p style="margin:0 0 16px;">Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet email : votre mot de passe actuel reste inchangé.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Vous avez demandé à réinitialiser le mot de passe de votre {{#if backOffice}}compte du back-office{{else}}espace client{{/if}} Coseso.

{{> button href=(url resetUrl) label="Choisir un nouveau mot de passe"}}

Ce lien est valable 1 heure et ne sert qu'une fois.

Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet email : votre mot de passe actuel reste inchangé.
{{/layout}}
`;
