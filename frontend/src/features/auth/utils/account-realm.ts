/**
 * Whose password: a client's (the client area, /auth) or a team member's (the back-office, /admin).
 * Both have « Mot de passe oublié ? » and a one-time link to choose a new password, with the same
 * rules and the same pages; only the API's paths, the words and where the link leads differ.
 */
export type AccountRealm = 'client' | 'admin';
