/**
 * The rules of the client area's and back-office's own forms (sign-in, password, signature), with
 * their French messages: the API's DTOs and the SPA's form schemas both read them from here.
 */
export const clientFormRules = {
  loginPassword: {
    minLength: 6,
    maxLength: 200,
    message: 'Le mot de passe doit contenir au moins 6 caractères',
  },
  newPassword: {
    minLength: 8,
    maxLength: 200,
    message: 'Le mot de passe doit contenir au moins 8 caractères',
    blankMessage: 'Le mot de passe ne peut pas être composé uniquement d’espaces',
  },
  /** A back-office account's new password (a reset link, `npm run create-admin`, ADMIN_PASSWORD): longer. */
  adminNewPassword: {
    minLength: 10,
    maxLength: 200,
    message: 'Le mot de passe doit contenir au moins 10 caractères',
  },
  signerName: { minLength: 2, maxLength: 200, message: 'Indiquez vos nom et prénom' },
  contractAccepted: { message: 'Vous devez accepter le contrat pour le signer' },
  adminEmail: { message: "L'email est requis" },
  adminPassword: { maxLength: 200, message: 'Le mot de passe est requis' },
  email: { message: 'Email invalide' },
} as const;

/**
 * A password made only of spaces (or other blanks) guards nothing: refused wherever one is chosen
 * (set-password and reset links, back-office accounts), by the SPA's forms and the API alike.
 */
export const isBlankPassword = (password: string): boolean => password.trim() === '';
