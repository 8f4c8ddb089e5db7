export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">Quelqu'un essaie en ce moment de se connecter à votre {{#if backOffice}}compte du back-office{{else}}espace client{{/if}} Coseso avec de mauvais mots de passe. Par sécurité, nous suspendons pendant 15 minutes les connexions à ce compte depuis les appareils inconnus.</p>
<p style="margin:0 0 16px;">Depuis un navigateur où vous vous êtes déjà connecté, vous pouvez toujours entrer normalement. Sinon, choisissez un nouveau mot de passe : le lien envoyé lève aussitôt la suspension.</p>
{{> button href=(url resetUrl) label="Choisir un nouveau mot de passe"}}
<p style="margin:0 0 16px;">Si c'était vous, il n'y a rien d'autre à faire. Votre mot de passe actuel n'a pas été trouvé et reste valable.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

Quelqu'un essaie en ce moment de se connecter à votre {{#if backOffice}}compte du back-office{{else}}espace client{{/if}} Coseso avec de mauvais mots de passe. Par sécurité, nous suspendons pendant 15 minutes les connexions à ce compte depuis les appareils inconnus.

Depuis un navigateur où vous vous êtes déjà connecté, vous pouvez toujours entrer normalement. Sinon, choisissez un nouveau mot de passe : le lien envoyé lève aussitôt la suspension.

{{> button href=(url resetUrl) label="Choisir un nouveau mot de passe"}}

Si c'était vous, il n'y a rien d'autre à faire. Votre mot de passe actuel n'a pas été trouvé et reste valable.
{{/layout}}
`;
