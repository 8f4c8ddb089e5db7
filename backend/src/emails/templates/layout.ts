import { agencyContact } from '@coseso/domain/shared/agency-contact';
// Shared partials. Mail clients ignore <style> blocks and web fonts unevenly: tables, inline styles,
// system fonts, no images.

/** `{{#> layout}}…{{/layout}}` around every HTML email; the subject and preheader come as @data. */
export const htmlLayout = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>{{@subject}}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">{{@preheader}}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9;">
  <tr>
    <td align="center" style="padding:24px 12px;">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e2e8f0;border-radius:8px;">
        <tr>
          <td style="padding:20px 32px;background-color:#2563eb;border-radius:8px 8px 0 0;font-family:Arial,Helvetica,sans-serif;font-size:22px;line-height:28px;font-weight:bold;color:#ffffff;">Coseso</td>
        </tr>
        <tr>
          <td style="padding:32px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:24px;color:#1e293b;">
{{> @partial-block}}
            <p style="margin:24px 0 0;">À très bientôt,<br>L'équipe Coseso</p>
          </td>
        </tr>
        <tr>
          <td style="padding:20px 32px;border-top:1px solid #e2e8f0;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:20px;color:#64748b;">
            Une question ? Notre équipe vous répond à <a href="mailto:${agencyContact.supportEmail}" style="color:#2563eb;">${agencyContact.supportEmail}</a> (Lun-Ven 9h-18h).<br>
            Coseso, la création de sites web pour les entreprises, 100 % en ligne.
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>
</body>
</html>
`;

export const textLayout = `{{> @partial-block}}

À très bientôt,
L'équipe Coseso

--
Une question ? ${agencyContact.supportEmail} (Lun-Ven 9h-18h)
Coseso, la création de sites web pour les entreprises, 100 % en ligne.
`;

export const htmlGreeting = `<p style="margin:0 0 16px;">Bonjour{{#if firstName}} {{firstName}}{{/if}},</p>
`;

export const textGreeting = `Bonjour{{#if firstName}} {{firstName}}{{/if}},
`;

/** `{{> button href=(url someLink) label="…"}}`, with the address spelled out for clients that block buttons. */
export const htmlButton = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0 8px;">
  <tr>
    <td style="border-radius:6px;background-color:#2563eb;">
      <a href="{{href}}" style="display:inline-block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:20px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">{{label}}</a>
    </td>
  </tr>
</table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b;">Si le bouton ne s'ouvre pas, copiez ce lien dans votre navigateur :<br><a href="{{href}}" style="color:#2563eb;word-break:break-all;">{{href}}</a></p>
`;

export const textButton = `{{label}} :
{{href}}
`;

/** `{{#> details}}<tr>…{{/details}}` for a small two-column summary (label, value). */
export const htmlDetails = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border:1px solid #e2e8f0;border-radius:6px;background-color:#f8fafc;">
{{> @partial-block}}
</table>
`;

export const textDetails = `{{> @partial-block}}`;

export const htmlRow = `<tr>
  <td style="padding:8px 16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:20px;color:#64748b;">{{label}}</td>
  <td style="padding:8px 16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:20px;color:#1e293b;font-weight:bold;text-align:right;">{{value}}</td>
</tr>
`;

export const textRow = `- {{label}} : {{value}}
`;

/** A message written by the team, quoted. */
export const htmlQuote = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">
  <tr>
    <td style="padding:12px 16px;border-left:4px solid #2563eb;background-color:#eff6ff;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1e293b;">{{quote text}}</td>
  </tr>
</table>
`;

export const textQuote = `{{quote text}}
`;
