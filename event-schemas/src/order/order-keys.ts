// The enumerations of the spec without zod, so that code shipped to browsers (the SPA's pricing)
// can import them without pulling the schema library in.
export const orderStatuses = [
  'pending',
  'contract_ready_for_signature',
  'contract_signed',
  'brief_pending',
  'brief',
  'in_progress',
  'en_revision',
  'revision_changes_requested',
  'awaiting_balance_payment',
  'awaiting_first_monthly_payment',
  'ready_for_delivery',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const templateKeys = ['onepage', 'portfolio', 'business', 'ecommerce'] as const;
export type TemplateKey = (typeof templateKeys)[number];
export const styleKeys = ['colorful', 'white', 'dark'] as const;
export const fontKeys = ['modern', 'classic', 'creative'] as const;
export const creationOptions = ['wordpress', 'ai'] as const;
export const assetOptions = ['client', 'dont_have', 'self_managed', 'ai', 'professional'] as const;
export type AssetOption = (typeof assetOptions)[number];
export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];
export const hostingTypes = ['included', 'autonomous'] as const;
export const dnsTypes = ['new', 'existing'] as const;
export const domainExtensions = ['.fr', '.com', '.net', '.org', '.eu', '.be'] as const;

export const additionalOptionKeys = [
  'seoOptimizations',
  'liveTraining',
  'multiLanguage',
  'ecommercePro',
  'aiChatbot',
  'web3Integration',
] as const;
export type AdditionalOptionKey = (typeof additionalOptionKeys)[number];

export const freeOptionKeys = [
  'aboutPage',
  'testimonials',
  'contactForm',
  'googleMaps',
  'gallery',
  'biography',
  'blog',
  'socialLinks',
  'anchorScroll',
  'servicesSection',
  'onlinePayment',
  'stockManagement',
  'customerAccount',
  'orderDashboard',
  'newsletter',
] as const;
export type FreeOptionKey = (typeof freeOptionKeys)[number];

export const briefFileCategories = [
  'logo',
  'photos',
  'arborescence',
  'content',
  'product_type',
  'categories',
  'product_list',
  'general',
] as const;
export type BriefFileCategory = (typeof briefFileCategories)[number];

export const paymentProviders = ['sandbox', 'stripe', 'offline'] as const;
export type PaymentProviderKey = (typeof paymentProviders)[number];
export const orderSources = ['landing', 'legacy', 'pricing'] as const;
export type OrderSourceKey = (typeof orderSources)[number];
export const planTypes = ['one-time', 'subscription'] as const;
export const subscriptionPlanKeys = ['starter', 'business', 'premium'] as const;

/** What a payment is for (it travels with the checkout and comes back with the webhook). */
export const paymentPurposes = [
  'deposit',
  'setup_fee',
  'balance',
  'first_month',
  'account_manager',
  'card_update',
] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

/** What a refunded payment was for: a checkout's purpose, or a subscription's renewal (no checkout's). */
export const refundPurposes = [...paymentPurposes, 'renewal'] as const;
export type RefundPurpose = (typeof refundPurposes)[number];

/** Who writes in an order's conversation: the client, or the agency's team. */
export const messageAuthors = ['client', 'team'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];
/** Where a message was written: the order's « Messages » tab, or the support tab's « Ouvrir un ticket ». */
export const messageChannels = ['messages', 'support'] as const;
export type MessageChannel = (typeof messageChannels)[number];
/** How an offline payment came in: a bank transfer, a cheque or cash (EN 16931 BT-81 codes 30, 20, 10). */
export const offlinePaymentMeans = ['transfer', 'cheque', 'cash'] as const;
export type OfflinePaymentMeans = (typeof offlinePaymentMeans)[number];

/**
 * What a cancellation decided about the 14-day guarantee's refund: `requested` (the payments the
 * provider holds are refunded through it, RefundRequested follows), `declined` (the team chose no
 * refund: no credit note), `none_due` (nothing for the provider to give back: outside the guarantee,
 * nothing paid, or only payments received by hand, which are not the provider's), `legacy` (a version 1
 * cancellation, written before the choice existed: within the guarantee its invoices were credited
 * and no money moved).
 */
export const guaranteeRefundDecisions = ['requested', 'declined', 'none_due', 'legacy'] as const;
export type GuaranteeRefundDecision = (typeof guaranteeRefundDecisions)[number];

/** Why a refund is asked of the provider: the guarantee's cancellation, or the team's « Rembourser ». */
export const refundCauses = ['guarantee', 'team'] as const;
export type RefundCause = (typeof refundCauses)[number];
