import {
  type AdditionalOptionKey,
  type AssetOption,
  type FreeOptionKey,
  type TemplateKey,
} from '@coseso/event-schemas/order/order-values';
import { LANDING_PRICE_CARDS } from '../pricing/pricing-plans.js';
import { type OrderForm } from './order-form.js';
import { completionProblems } from './order-form-rules.js';

export const WIZARD_STEP_COUNT = 8;

/** The wizard's steps (spec §2), in order: title and the fields whose problems block moving on. */
export const wizardSteps = [
  { step: 1, title: 'Entreprise', fields: ['companyName', 'companySector', 'companyAddress', 'companyId'] },
  {
    step: 2,
    title: 'Contact',
    fields: [
      'contactFirstName',
      'contactLastName',
      'contactPosition',
      'contactEmail',
      'contactPhone',
      'socialMedia',
    ],
  },
  { step: 3, title: 'Type', fields: ['creationOption'] },
  {
    step: 4,
    title: 'Template & style',
    fields: [
      'selectedTemplate',
      'selectedStyle',
      'primaryColor',
      'secondaryColor',
      'fontFamily',
      'inspirationUrl',
      'customInspiration',
    ],
  },
  { step: 5, title: 'Logo & Contenu', fields: ['logoOption', 'contentOption'] },
  {
    step: 6,
    title: 'Options',
    fields: ['freeOptions', 'additionalOptions', 'additionalOptions.ecommercePro'],
  },
  {
    step: 7,
    title: 'Hébergement',
    fields: [
      'hostingOptions',
      'hostingOptions.maintenanceMonthly',
      'hostingOptions.existingDomain',
      'selectedDomain',
    ],
  },
  {
    step: 8,
    title: 'Récapitulatif',
    fields: ['billingPeriod', 'clientRemarks', 'termsAccepted', 'marketingConsent'],
  },
] as const;

/** The completion problems that concern one step: what stops the visitor from moving on. */
export function stepProblems(step: number, form: OrderForm): Record<string, string> {
  const fields = new Set<string>(wizardSteps.find((s) => s.step === step)?.fields ?? []);
  return Object.fromEntries(Object.entries(completionProblems(form)).filter(([field]) => fields.has(field)));
}

export const templateLabels: Record<TemplateKey, { name: string; description: string }> = {
  onepage: {
    name: 'Site Vitrine',
    description: 'Une page unique, claire et efficace, pour présenter votre activité.',
  },
  portfolio: {
    name: 'Portfolio',
    description: 'Vos réalisations mises en valeur, pour les créatifs et indépendants.',
  },
  business: {
    name: 'Business',
    description: 'Plusieurs pages pour présenter vos services, votre équipe et vos actualités.',
  },
  ecommerce: {
    name: 'E-commerce',
    description: 'Une boutique en ligne complète : catalogue, paiement, commandes.',
  },
};

export const styleLabels = {
  colorful: { name: 'Coloré', description: 'Vivant et chaleureux' },
  white: { name: 'Épuré', description: 'Blanc, sobre et élégant' },
  dark: { name: 'Sombre', description: 'Contrasté et moderne' },
} as const;

export const fontLabels = {
  modern: {
    name: 'Moderne',
    description: 'Sans empattement, nette',
    stack: "'Inter', 'Segoe UI', system-ui, sans-serif",
  },
  classic: {
    name: 'Classique',
    description: 'Avec empattement, intemporelle',
    stack: "Georgia, 'Times New Roman', serif",
  },
  creative: {
    name: 'Créative',
    description: 'Arrondie et expressive',
    stack: "'Trebuchet MS', 'Avenir Next', system-ui, sans-serif",
  },
} as const;

export const creationOptionLabels = {
  wordpress: {
    name: 'Solution Premium',
    description: 'Créé sur mesure par notre équipe',
    // The cheapest monthly plan as it is charged, not the template's base before the plan's markup.
    fromMonthlyHT: Math.min(...LANDING_PRICE_CARDS.map((card) => card.monthlyHT)),
    available: true,
  },
  ai: {
    name: 'Solution Express',
    description: 'Généré par intelligence artificielle',
    // Its « à partir de » is the catalogue's (expressCreationFromMonthlyHT).
    available: false,
  },
} as const;

/** Logo and content choices; "client" means the client sends it, "dont_have" reveals the solutions. */
export const assetOptionLabels: Record<'logo' | 'content', Record<AssetOption, string>> = {
  logo: {
    client: "J'ai déjà un logo",
    dont_have: "Je n'ai pas de logo",
    self_managed: 'Je m’en occupe moi-même',
    ai: 'Logo créé par IA (immédiat)',
    professional: 'Logo professionnel (3 jours)',
  },
  content: {
    client: "J'ai déjà mes textes",
    dont_have: "Je n'ai pas de textes",
    self_managed: 'Je les rédige moi-même',
    ai: 'Textes rédigés par IA (24 h)',
    professional: 'Textes rédigés par un professionnel (5 jours)',
  },
};

export const freeOptionLabels: Record<FreeOptionKey, string> = {
  aboutPage: 'Page « À propos »',
  testimonials: 'Témoignages clients',
  contactForm: 'Formulaire de contact',
  googleMaps: 'Carte Google Maps',
  gallery: 'Galerie de photos',
  biography: 'Biographie',
  blog: 'Blog / actualités',
  socialLinks: 'Liens vers vos réseaux sociaux',
  anchorScroll: 'Navigation par ancres',
  servicesSection: 'Section services',
  onlinePayment: 'Paiement en ligne',
  stockManagement: 'Gestion des stocks',
  customerAccount: 'Espace client',
  orderDashboard: 'Tableau de bord des commandes',
  newsletter: 'Inscription à la newsletter',
};

export { templateFreeOptions } from './template-features.js';

export const additionalOptionDetails: Partial<Record<AdditionalOptionKey, string>> = {
  liveTraining: 'Une session de 30 minutes en visio pour prendre en main votre site ; active le support.',
  multiLanguage: 'Une licence tierce payante est nécessaire en plus pour la traduction.',
  ecommercePro: 'Réservé aux sites e-commerce.',
};

/** The provider's name servers, to point an existing domain at the hosting (spec §9: three are shown). */
export const dnsNameServers = ['ns1.coseso.fr', 'ns2.coseso.fr', 'ns3.coseso.fr'] as const;
