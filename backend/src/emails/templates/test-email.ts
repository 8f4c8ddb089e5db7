export const html = `{{#> layout}}
<p style="margin:0 0 16px;">Bonjour,</p>
<p style="margin:0 0 16px;">Ceci est un email de test, envoyé depuis la page de test des emails de Coseso le {{dateTime sentAt}}.</p>
<p style="margin:0 0 16px;">Si vous le lisez, l'envoi des emails fonctionne.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
Bonjour,

Ceci est un email de test, envoyé depuis la page de test des emails de Coseso le {{dateTime sentAt}}.

Si vous le lisez, l'envoi des emails fonctionne.
{{/layout}}
`;
