export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">{{changedBy}} a changé votre rôle dans le back-office Coseso : vous êtes désormais {{roleLabel}}.</p>
<p style="margin:0 0 16px;">Raison indiquée : {{reason}}</p>
<p style="margin:0 0 16px;">Vos sessions ouvertes ont été fermées : reconnectez-vous pour travailler avec ce rôle.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

{{changedBy}} a changé votre rôle dans le back-office Coseso : vous êtes désormais {{roleLabel}}.

Raison indiquée : {{reason}}

Vos sessions ouvertes ont été fermées : reconnectez-vous pour travailler avec ce rôle.
{{/layout}}
`;
