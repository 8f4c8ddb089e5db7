export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">{{invitedBy}} vous a ajouté à l'équipe du back-office Coseso, avec le rôle {{roleLabel}}. Choisissez votre mot de passe pour vous connecter :</p>
{{> button href=(url setPasswordUrl) label="Choisir mon mot de passe"}}
<p style="margin:0 0 16px;">Ce lien est valable 1 heure et ne sert qu'une fois. Passé ce délai, demandez-en un autre depuis « Mot de passe oublié » sur la page de connexion du back-office.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

{{invitedBy}} vous a ajouté à l'équipe du back-office Coseso, avec le rôle {{roleLabel}}. Choisissez votre mot de passe pour vous connecter :

{{> button href=(url setPasswordUrl) label="Choisir mon mot de passe"}}

Ce lien est valable 1 heure et ne sert qu'une fois. Passé ce délai, demandez-en un autre depuis « Mot de passe oublié » sur la page de connexion du back-office.
{{/layout}}
`;
