/** Email settings not (yet) in AppConfig: SMTP_URL and MAIL_FROM. */
export interface EmailsModuleOptions {
  /** SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587; unset or empty: the dev mailbox. */
  readonly smtpUrl?: string | undefined;
  /** MAIL_FROM, e.g. "Coseso <contact@coseso.fr>" (the default). */
  readonly mailFrom?: string | undefined;
}

export const EMAILS_OPTIONS = Symbol('EmailsOptions');
