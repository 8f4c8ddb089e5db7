import { paymentPurposeLabels } from '@coseso/domain/orders/payment-labels';
import { formatEuros, formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { isValidEmail } from '@coseso/domain/shared/email-address';
import { ofName, ofNameText } from '@coseso/domain/shared/french-names';
import { type PaymentPurpose, guaranteeRefundDecisions } from '@coseso/event-schemas/order/order-keys';
import { inertStrings } from '@coseso/domain/shared/inert-text';
import Handlebars from 'handlebars';
import { z } from 'zod';
import * as accountCreated from './templates/account-created.js';
import * as briefOpened from './templates/brief-opened.js';
import * as briefReceived from './templates/brief-received.js';
import * as briefValidated from './templates/brief-validated.js';
import * as changesDone from './templates/changes-done.js';
import * as contractToSign from './templates/contract-to-sign.js';
import * as delivered from './templates/delivered.js';
import * as finalPaymentDue from './templates/final-payment-due.js';
import * as layout from './templates/layout.js';
import * as moreElementsRequested from './templates/more-elements-requested.js';
import * as newMessages from './templates/new-messages.js';
import * as orderCancelled from './templates/order-cancelled.js';
import * as orderConfirmation from './templates/order-confirmation.js';
import * as orderReactivated from './templates/order-reactivated.js';
import * as passwordReset from './templates/password-reset.js';
import * as paymentFailed from './templates/payment-failed.js';
import * as paymentReceipt from './templates/payment-receipt.js';
import * as reviewReady from './templates/review-ready.js';
import * as signInAttempts from './templates/sign-in-attempts.js';
import * as subscriptionCancelled from './templates/subscription-cancelled.js';
import * as teamAlert from './templates/team-alert.js';
import * as teamDeactivated from './templates/team-deactivated.js';
import * as teamInvitation from './templates/team-invitation.js';
import * as teamRoleChanged from './templates/team-role-changed.js';
import * as testEmail from './templates/test-email.js';

// The templates are TypeScript modules holding Handlebars sources (see README.md): tsc emits them
// into dist/ beside this file, so nothing has to be copied or looked up on disk at run time.

const text = (max: number) => z.string().trim().min(1).max(max);
/** Absent, null or blank: left out of the email. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
const orderNumber = z.number().int().positive();
/** Euro cents, VAT included. */
const cents = z.number().int().nonnegative();
/** An ISO 8601 date or date-time (a Date is accepted and stored as its ISO string: jobs travel as JSON). */
const instant = z
  .union([z.date(), z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((value) => (typeof value === 'string' ? value : value.toISOString()));

/**
 * A link in an email: a path of the app ("/dashboard/…", resolved against PUBLIC_URL), an http(s) URL,
 * or a bare address such as "boulangerie-martin.fr" (https is assumed, as the client area does).
 * Anything else — "javascript:", "//host", "mailto:" — is refused.
 */
const link = z
  .string()
  .trim()
  .min(1)
  .max(2_000)
  .refine((value) => resolveLink(value, 'http://app.invalid') !== null, {
    message: 'must be a path starting with "/" or an http(s) address',
  });

export function resolveLink(value: string, publicUrl: string): string | null {
  if (value.startsWith('//')) return null;
  if (value.startsWith('/')) return `${publicUrl.replace(/\/+$/, '')}${value}`;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
    ? value
    : /^[a-z][a-z0-9+.-]*:/i.test(value)
      ? null
      : `https://${value}`;
  if (absolute === null || !URL.canParse(absolute)) return null;
  const url = new URL(absolute);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return absolute;
}

const greeting = { firstName: optionalText(100) };

/** What a payment receipt is for: a checkout's purpose, or the monthly renewal of a subscription. */
export type PaidFor = Exclude<PaymentPurpose, 'card_update'> | 'renewal';
export const paidForValues = [
  'deposit',
  'setup_fee',
  'balance',
  'first_month',
  'renewal',
  'account_manager',
] as const satisfies readonly PaidFor[];

/** "Acompte de 50 %", "Renouvellement de l'abonnement"…: the checkout pages' wording. */
export function paidForLabel(paidFor: PaidFor): string {
  const label = paidFor === 'renewal' ? "renouvellement de l'abonnement" : paymentPurposeLabels[paidFor];
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}

interface Definition<S extends z.ZodType> {
  readonly schema: S;
  subject(data: z.output<S>): string;
  /** The line mail clients show after the subject in the inbox. */
  preheader(data: z.output<S>): string;
  readonly source: { readonly html: string; readonly text: string };
}

const define = <S extends z.ZodType>(definition: Definition<S>) => definition;

const definitions = {
  'order-confirmation': define({
    // Nothing the visitor typed (decision 52): it goes before any payment, to an unproven address.
    schema: z.object({
      orderNumber,
      billingPeriod: z.enum(['yearly', 'monthly']),
      /** The price's totalAmount with VAT: yearly, the first year; monthly, the setup fees. */
      totalWithVat: cents,
      /** The monthly plan's amount with VAT; 0 on the yearly plan. */
      monthlyWithVat: cents,
      /** Yearly: the 50 % deposit; monthly: the go-live (setup) fee. */
      firstPaymentWithVat: cents,
      orderUrl: link,
    }),
    subject: (d) => `Votre commande #${d.orderNumber} est bien enregistrée`,
    preheader: (d) =>
      `Premier paiement de ${formatEurosTTC(d.firstPaymentWithVat)}, puis votre espace client.`,
    source: orderConfirmation,
  }),
  'payment-receipt': define({
    schema: z.object({
      ...greeting,
      orderNumber,
      companyName: optionalText(200),
      paidFor: z.enum(paidForValues),
      amountWithVat: cents,
      paidAt: instant,
      orderUrl: link,
    }),
    subject: (d) => `Paiement reçu : ${paidForLabel(d.paidFor).toLowerCase()} – commande #${d.orderNumber}`,
    preheader: (d) => `Nous avons bien reçu ${formatEurosTTC(d.amountWithVat)}, merci !`,
    source: paymentReceipt,
  }),
  'account-created': define({
    schema: z.object({
      ...greeting,
      /** The login, shown to the client; the recipient's address in practice. */
      email: z.string().refine(isValidEmail, 'bad email address').nullish(),
      /** The order whose first payment opened the account. */
      orderNumber: orderNumber.nullish(),
      setPasswordUrl: link,
    }),
    subject: () => 'Bienvenue chez Coseso : choisissez votre mot de passe',
    preheader: () =>
      'Votre espace client est prêt. Le lien pour choisir votre mot de passe est valable 7 jours.',
    source: accountCreated,
  }),
  'password-reset': define({
    // backOffice: a team member's account (the same link and rules as a client's).
    schema: z.object({ ...greeting, resetUrl: link, backOffice: z.boolean().default(false) }),
    subject: () => 'Réinitialisation de votre mot de passe Coseso',
    preheader: () => 'Le lien pour choisir un nouveau mot de passe est valable 1 heure.',
    source: passwordReset,
  }),
  'sign-in-attempts': define({
    // Sent once per lock episode: the owner learns that their account is being guessed.
    schema: z.object({ ...greeting, resetUrl: link, backOffice: z.boolean().default(false) }),
    subject: () => 'Tentatives de connexion à votre compte Coseso',
    preheader: () => 'Les connexions depuis un appareil inconnu sont suspendues 15 minutes.',
    source: signInAttempts,
  }),
  // The back-office's team: the member a change concerns (« Équipe »), named by who made it.
  'team-invitation': define({
    schema: z.object({ ...greeting, invitedBy: text(100), roleLabel: text(50), setPasswordUrl: link }),
    subject: () => 'Vous rejoignez l’équipe du back-office Coseso',
    preheader: () => 'Choisissez votre mot de passe : le lien est valable 1 heure.',
    source: teamInvitation,
  }),
  'team-role-changed': define({
    schema: z.object({ ...greeting, changedBy: text(100), roleLabel: text(50), reason: text(2000) }),
    subject: () => 'Votre rôle dans le back-office Coseso a changé',
    preheader: (d) => `Vous êtes désormais ${d.roleLabel}.`,
    source: teamRoleChanged,
  }),
  'team-deactivated': define({
    schema: z.object({ ...greeting, changedBy: text(100), reason: text(2000) }),
    subject: () => 'Votre compte du back-office Coseso est désactivé',
    preheader: () => 'Vos sessions sont fermées ; vous ne pouvez plus vous connecter.',
    source: teamDeactivated,
  }),
  'contract-to-sign': define({
    schema: z.object({ ...greeting, orderNumber, companyName: text(200), contractUrl: link }),
    subject: (d) => `Votre contrat est prêt à être signé – commande #${d.orderNumber}`,
    preheader: () => 'Relisez et signez votre contrat en ligne depuis votre espace client.',
    source: contractToSign,
  }),
  'brief-opened': define({
    schema: z.object({ ...greeting, orderNumber, companyName: text(200), orderUrl: link }),
    subject: (d) => `Votre brief est ouvert : envoyez-nous vos éléments – commande #${d.orderNumber}`,
    preheader: (d) =>
      `Logo, textes, images : transmettez-nous les éléments du site ${ofNameText(d.companyName)}.`,
    source: briefOpened,
  }),
  'brief-received': define({
    schema: z
      .object({
        ...greeting,
        orderNumber,
        companyName: text(200),
        /** The files sent with it; 0 when the client had nothing to send. */
        fileCount: z.number().int().min(0).max(100),
        orderUrl: link,
      })
      .transform((d) => ({ ...d, plural: d.fileCount > 1 })),
    subject: (d) => `Brief bien reçu – commande #${d.orderNumber}`,
    preheader: (d) => `Notre équipe relit le brief du site ${ofNameText(d.companyName)}.`,
    source: briefReceived,
  }),
  'brief-validated': define({
    schema: z.object({ ...greeting, orderNumber, companyName: text(200), orderUrl: link }),
    subject: (d) => `Brief validé : la création de votre site commence – commande #${d.orderNumber}`,
    preheader: (d) => `Notre équipe commence le site ${ofNameText(d.companyName)}.`,
    source: briefValidated,
  }),
  'more-elements-requested': define({
    schema: z.object({
      ...greeting,
      orderNumber,
      companyName: text(200),
      /** The team's message, shown as written (line breaks kept). */
      message: text(5_000),
      orderUrl: link,
    }),
    subject: (d) => `Quelques éléments de plus pour votre site – commande #${d.orderNumber}`,
    preheader: () => 'Notre équipe a besoin de quelques éléments supplémentaires pour avancer.',
    source: moreElementsRequested,
  }),
  'review-ready': define({
    schema: z.object({
      ...greeting,
      orderNumber,
      companyName: text(200),
      previewUrl: link,
      /** 1 for the first version, 2 for the second review round… */
      round: z.number().int().min(1).max(20),
      orderUrl: link,
    }),
    subject: (d) =>
      d.round === 1
        ? `Votre site est prêt à être relu – commande #${d.orderNumber}`
        : `Nouvelle version de votre site à relire (tour ${d.round}) – commande #${d.orderNumber}`,
    preheader: (d) => `Découvrez l'aperçu du site ${ofNameText(d.companyName)} et donnez-nous votre avis.`,
    source: reviewReady,
  }),
  'changes-done': define({
    schema: z.object({
      ...greeting,
      orderNumber,
      companyName: text(200),
      previewUrl: link,
      /** An optional word from the team. */
      note: optionalText(5_000),
      orderUrl: link,
    }),
    subject: (d) => `Vos modifications sont prêtes – commande #${d.orderNumber}`,
    preheader: (d) => `La nouvelle version du site ${ofNameText(d.companyName)} vous attend.`,
    source: changesDone,
  }),
  delivered: define({
    schema: z.object({ ...greeting, orderNumber, companyName: text(200), siteUrl: link, orderUrl: link }),
    subject: (d) => `Le site ${ofNameText(d.companyName)} est en ligne !`,
    preheader: () => 'Félicitations : votre site est en ligne.',
    source: delivered,
  }),
  'subscription-cancelled': define({
    schema: z.object({
      ...greeting,
      orderNumber,
      companyName: text(200),
      /** The end of the paid period: the site stays online until then. */
      activeUntil: instant,
      orderUrl: link,
    }),
    subject: (d) => `Annulation de votre abonnement confirmée – commande #${d.orderNumber}`,
    preheader: (d) => `Votre site reste en ligne jusqu'au ${formatDate(d.activeUntil)}.`,
    source: subscriptionCancelled,
  }),
  'payment-failed': define({
    schema: z.object({
      ...greeting,
      orderNumber,
      companyName: text(200),
      /** The renewal that failed, when known. */
      amountWithVat: cents.nullish(),
      updateCardUrl: link,
    }),
    subject: () => 'Échec du paiement de votre abonnement : mettez à jour votre carte',
    preheader: (d) =>
      `Le renouvellement de l'abonnement du site ${ofNameText(d.companyName)} n'a pas pu être réglé.`,
    source: paymentFailed,
  }),
  'final-payment-due': define({
    schema: z
      .object({
        ...greeting,
        orderNumber,
        companyName: text(200),
        paidFor: z.enum(['balance', 'first_month']),
        amountWithVat: cents,
        /** Where the client pays: the order's project tab, whose button opens the provider's page. */
        payUrl: link,
        /** Sent again by the team (« Renvoyer un lien de paiement »), usually after an attempt that failed. */
        resent: z.boolean().optional(),
      })
      .transform((d) => ({ ...d, monthly: d.paidFor === 'first_month' })),
    subject: (d) =>
      d.resent
        ? `Nouveau lien de paiement : ${paidForLabel(d.paidFor).toLowerCase()} – commande #${d.orderNumber}`
        : d.monthly
          ? `Maquette validée : activez votre abonnement – commande #${d.orderNumber}`
          : `Maquette validée : réglez le solde – commande #${d.orderNumber}`,
    preheader: (d) =>
      `${paidForLabel(d.paidFor)} : ${formatEurosTTC(d.amountWithVat)}, puis la mise en ligne du site ${ofNameText(d.companyName)}.`,
    source: finalPaymentDue,
  }),
  'order-cancelled': define({
    schema: z.object({
      ...greeting,
      orderNumber,
      companyName: text(200),
      cancelledAt: instant,
      /** What the order recorded as paid, VAT included; 0 when nothing. */
      paidWithVat: cents,
      /** The end of the 14-day guarantee; null when nothing was paid. */
      guaranteeUntil: instant.nullish().transform((value) => value ?? null),
      refundable: z.boolean(),
      // Defaulted: an email queued before these fields existed reads as before (ask for the refund).
      guaranteeRefund: z.enum(guaranteeRefundDecisions).default('legacy'),
      refundRequestedWithVat: cents.default(0),
      paidOfflineWithVat: cents.default(0),
      subscriptionStillActive: z.boolean(),
      // Defaulted: an email queued before the field existed still reads.
      subscriptionEnded: z.boolean().default(false),
      orderUrl: link,
    }),
    subject: (d) => `Annulation de votre commande #${d.orderNumber}`,
    preheader: (d) =>
      d.guaranteeRefund === 'requested'
        ? `Remboursement de ${formatEurosTTC(d.refundRequestedWithVat)} en cours.`
        : d.guaranteeRefund === 'declined'
          ? "Aucun remboursement n'est effectué pour cette annulation."
          : d.refundable && d.guaranteeRefund === 'legacy'
            ? `Remboursement intégral sur demande jusqu'au ${formatDate(d.guaranteeUntil!)}.`
            : 'Le projet est arrêté ; aucun autre paiement ne vous sera demandé.',
    source: orderCancelled,
  }),
  'order-reactivated': define({
    schema: z.object({
      ...greeting,
      orderNumber,
      companyName: text(200),
      reactivatedAt: instant,
      /** Where the project resumes, in the client's words (« à l'étape du brief : … »), decision 126. */
      resumesAt: text(300),
      /** The first payment the order still owes, VAT included (decision 126); 0 when it holds it. */
      firstOwedWithVat: cents,
      firstKind: z.enum(['deposit', 'setup_fee']),
      /** What the final payment will be, VAT included: the yearly balance or the first month. */
      finalKind: z.enum(['balance', 'first_month']),
      finalWithVat: cents,
      /** The order holds its final payment (kept by the cancellation): nothing more is asked. */
      finalHeld: z.boolean().default(false),
      /** The client approved the preview before the cancellation, and the approval stands. */
      approved: z.boolean().default(false),
      /**
       * When the subscription the cancellation ended charges again (decision 132): the end of the
       * month already paid, or the restart's hour once that has passed; null when none restarts.
       */
      subscriptionResumesAt: instant.nullable().default(null),
      /**
       * The invoices the reactivation issued again (a version 1 cancellation credited them and
       * refunded nothing, decision 126): number, HT and TTC; attached to the email.
       */
      reissuedInvoices: z
        .array(z.object({ number: text(20), totalAmount: cents, totalWithVat: cents }))
        .max(10)
        .default([]),
      orderUrl: link,
    }),
    subject: (d) => `Votre commande #${d.orderNumber} est de nouveau active`,
    preheader: (d) =>
      d.firstOwedWithVat > 0
        ? `Le projet reprend ; ${d.firstKind === 'deposit' ? "l'acompte" : 'les frais de mise en service'} de ${formatEurosTTC(d.firstOwedWithVat)} reste${d.firstKind === 'deposit' ? '' : 'nt'} à régler.`
        : 'Le projet reprend là où il s’était arrêté.',
    source: orderReactivated,
  }),
  'new-messages': define({
    schema: z
      .object({
        ...greeting,
        orderNumber,
        companyName: text(200),
        recipient: z.enum(['client', 'team']),
        /** The messages not read yet, oldest first (the first few; `total` counts them all). */
        messages: z
          .array(
            z.object({
              /** As written; may be empty for a message of files alone. */
              text: z.string().max(5_000),
              attachments: z.number().int().min(0).max(5),
            }),
          )
          .min(1)
          .max(5),
        total: z.number().int().min(1),
        orderUrl: link,
      })
      .transform((d) => ({
        ...d,
        toTeam: d.recipient === 'team',
        count: d.total,
        plural: d.total > 1,
        more: d.total - d.messages.length,
        messages: d.messages.map((m) => ({
          ...m,
          attachmentsLabel: m.attachments > 1 ? `${m.attachments} pièces jointes` : '1 pièce jointe',
        })),
      })),
    subject: (d) =>
      d.toTeam
        ? `${d.plural ? `${d.count} nouveaux messages` : 'Nouveau message'} du client – commande #${d.orderNumber}`
        : `${d.plural ? `${d.count} nouveaux messages` : 'Nouveau message'} de l'équipe Coseso – commande #${d.orderNumber}`,
    preheader: (d) =>
      d.toTeam
        ? `Le client ${ofNameText(d.companyName)} attend votre réponse.`
        : `Au sujet du site ${ofNameText(d.companyName)} : lisez et répondez depuis votre espace client.`,
    source: newMessages,
  }),
  'team-alert': define({
    // To the team's own address: a client acted (one alert), or the alerts of a digest's window.
    schema: z
      .object({
        alerts: z
          .array(
            z.object({
              orderNumber,
              companyName: text(200),
              /** What happened, in a few words: « Brief envoyé ». */
              title: text(100),
              /** The alert in French, e.g. « Le client a envoyé son brief (2 fichiers). » */
              what: text(500),
              orderUrl: link,
            }),
          )
          .min(1)
          .max(200),
      })
      .transform((d) => ({ ...d, firstName: null, single: d.alerts.length === 1, count: d.alerts.length })),
    subject: (d) =>
      d.single
        ? `${d.alerts[0]!.title} – commande #${d.alerts[0]!.orderNumber}`
        : `${d.count} actions de clients à traiter`,
    preheader: (d) => (d.single ? d.alerts[0]!.what : 'Le récapitulatif des actions de clients.'),
    source: teamAlert,
  }),
  'test-email': define({
    schema: z.object({ sentAt: instant }),
    subject: () => 'Email de test Coseso',
    preheader: () => "Si vous lisez ce message, l'envoi des emails fonctionne.",
    source: testEmail,
  }),
};

type Definitions = typeof definitions;
export type EmailTemplateName = keyof Definitions;
/** What the caller gives for each template. */
export type EmailData<N extends EmailTemplateName> = z.input<Definitions[N]['schema']>;

export type OrderConfirmationEmail = EmailData<'order-confirmation'>;
export type PaymentReceiptEmail = EmailData<'payment-receipt'>;
export type AccountCreatedEmail = EmailData<'account-created'>;
export type PasswordResetEmail = EmailData<'password-reset'>;
export type SignInAttemptsEmail = EmailData<'sign-in-attempts'>;
export type ContractToSignEmail = EmailData<'contract-to-sign'>;
export type BriefReceivedEmail = EmailData<'brief-received'>;
export type BriefValidatedEmail = EmailData<'brief-validated'>;
export type MoreElementsRequestedEmail = EmailData<'more-elements-requested'>;
export type ReviewReadyEmail = EmailData<'review-ready'>;
export type ChangesDoneEmail = EmailData<'changes-done'>;
export type DeliveredEmail = EmailData<'delivered'>;
export type OrderReactivatedEmail = EmailData<'order-reactivated'>;
export type SubscriptionCancelledEmail = EmailData<'subscription-cancelled'>;
export type PaymentFailedEmail = EmailData<'payment-failed'>;
export type FinalPaymentDueEmail = EmailData<'final-payment-due'>;
export type OrderCancelledEmail = EmailData<'order-cancelled'>;
export type TestEmail = EmailData<'test-email'>;

export const emailTemplateNames = Object.keys(definitions) as EmailTemplateName[];

export const isEmailTemplateName = (name: unknown): name is EmailTemplateName =>
  typeof name === 'string' && Object.hasOwn(definitions, name);

export interface RenderedEmail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** Data that does not fit its template: a bug of the caller, never worth a retry. */
export class InvalidEmailDataError extends Error {
  override name = 'InvalidEmailDataError';
}

/** Checks and normalises the data of a template (dates to ISO strings, trimmed texts). */
export function parseEmailData<N extends EmailTemplateName>(name: N, data: unknown): EmailData<N> {
  if (!isEmailTemplateName(name)) throw new InvalidEmailDataError(`Unknown email template "${String(name)}"`);
  const result = definitions[name].schema.safeParse(data, { error: z.locales.en().localeError });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new InvalidEmailDataError(
      `Email "${name}": ${issue.path.join('.') || 'data'} ${issue.message.replace(/^Invalid input: /, '')}`,
    );
  }
  return result.data as EmailData<N>;
}

export function renderEmail<N extends EmailTemplateName>(
  name: N,
  data: EmailData<N>,
  { publicUrl }: { publicUrl: string },
): RenderedEmail {
  // Names and texts clients typed reach the team's and the clients' mailboxes without bidi nor
  // control characters (a company name that reads backwards, a subject split by a line feed).
  const parsed = inertStrings(parseEmailData(name, data));
  const definition = definitions[name] as unknown as Definition<z.ZodType<EmailData<N>>>;
  const subject = oneLine(definition.subject(parsed));
  const runtime = { data: { subject, preheader: oneLine(definition.preheader(parsed)), publicUrl } };
  const compiled = compile(name);
  return {
    subject,
    html: compiled.html(parsed, runtime),
    text: `${compiled
      .text(parsed, runtime)
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`,
  };
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});
const formatDate = (value: string | Date) => dateFormat.format(new Date(value));

type Environment = typeof Handlebars;
type Compiled = { html: Handlebars.TemplateDelegate; text: Handlebars.TemplateDelegate };

let environments: { html: Environment; text: Environment } | undefined;
const cache = new Map<EmailTemplateName, Compiled>();

function compile(name: EmailTemplateName): Compiled {
  environments ??= { html: htmlEnvironment(), text: textEnvironment() };
  let compiled = cache.get(name);
  if (!compiled) {
    const { source } = definitions[name];
    compiled = {
      // strict: a field the template names but the data lacks is a bug, not an empty string.
      html: environments.html.compile(source.html, { strict: true, assumeObjects: true }),
      // Plain text has no markup to protect, and "L'Atelier" must not read "L&#x27;Atelier".
      text: environments.text.compile(source.text, { strict: true, assumeObjects: true, noEscape: true }),
    };
    cache.set(name, compiled);
  }
  return compiled;
}

function commonHelpers(env: Environment): Environment {
  env.registerHelper('euros', (value: number) => formatEuros(value));
  env.registerHelper('eurosTtc', (value: number) => formatEurosTTC(value));
  env.registerHelper('date', (value: string) => formatDate(value));
  env.registerHelper('dateTime', (value: string) => dateTimeFormat.format(new Date(value)));
  env.registerHelper('paymentLabel', (value: PaidFor) => paidForLabel(value));
  env.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  // « le site du Fournil », « d'Atelier Lumière »: `ofPrep` and `ofRest` when the name is set in bold.
  env.registerHelper('ofName', (value: string) => ofNameText(value));
  env.registerHelper('ofPrep', (value: string) => ofName(value).preposition);
  env.registerHelper('ofRest', (value: string) => ofName(value).name);
  env.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).join(''));
  env.registerHelper('url', (value: string, options: Handlebars.HelperOptions) => {
    const resolved = resolveLink(value, (options.data as { publicUrl: string }).publicUrl);
    if (resolved === null) throw new InvalidEmailDataError(`Not a link: "${value}"`);
    return resolved;
  });
  return env;
}

function htmlEnvironment(): Environment {
  const env = commonHelpers(Handlebars.create());
  // Escapes each line, then joins them with <br>: the only markup added is ours.
  env.registerHelper(
    'quote',
    (value: string) =>
      new env.SafeString(
        value
          .split(/\r?\n/)
          .map((line) => env.escapeExpression(line))
          .join('<br>'),
      ),
  );
  env.registerPartial({
    layout: layout.htmlLayout,
    greeting: layout.htmlGreeting,
    button: layout.htmlButton,
    details: layout.htmlDetails,
    row: layout.htmlRow,
    quote: layout.htmlQuote,
  });
  return env;
}

function textEnvironment(): Environment {
  const env = commonHelpers(Handlebars.create());
  env.registerHelper('quote', (value: string) =>
    value
      .split(/\r?\n/)
      .map((line) => `> ${line}`.trimEnd())
      .join('\n'),
  );
  env.registerPartial({
    layout: layout.textLayout,
    greeting: layout.textGreeting,
    button: layout.textButton,
    details: layout.textDetails,
    row: layout.textRow,
    quote: layout.textQuote,
  });
  return env;
}
