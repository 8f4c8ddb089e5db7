export const html = `{{#> layout}}
{{> greeting}}
<p style="margin:0 0 16px;">{{changedBy}} a désactivé votre compte du back-office Coseso. Vos sessions ont été fermées et vous ne pouvez plus vous connecter.</p>
<p style="margin:0 0 16px;">Raison indiquée : {{reason}}</p>
<p style="margin:0 0 16px;">S'il s'agit d'une erreur, adressez-vous à un administrateur de l'équipe.</p>
{{/layout}}
`;

export const text = `{{#> layout}}
{{> greeting}}

{{changedBy}} a désactivé votre compte du back-office Coseso. Vos sessions ont été fermées et vous ne pouvez plus vous connecter.

Raison indiquée : {{reason}}

S'il s'agit d'une erreur, adressez-vous à un administrateur de l'équipe.
{{/layout}}
`;
