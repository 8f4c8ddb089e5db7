import {
  type BriefFileCategory,
  type OrderSourceKey,
  type PaymentProviderKey,
} from '@coseso/event-schemas/order/order-keys';

/** A brief file's category, as the back-office and the history name it. */
export const briefFileCategoryLabels: Record<BriefFileCategory, string> = {
  logo: 'Logo',
  photos: 'Photos',
  arborescence: 'Arborescence',
  content: 'Contenus',
  product_type: 'Type de produits',
  categories: 'Catégories',
  product_list: 'Liste de produits',
  general: 'Général',
};

/** Where the order was started. */
export const orderSourceLabels: Record<OrderSourceKey, string> = {
  landing: "Page d'accueil",
  pricing: 'Page des tarifs',
  legacy: 'Ancien formulaire',
};

/** How a payment was received. */
export const paymentProviderLabels: Record<PaymentProviderKey, string> = {
  stripe: 'Carte bancaire (Stripe)',
  sandbox: 'Carte bancaire (bac à sable)',
  offline: 'Hors ligne (virement, chèque…)',
};

/** A category read from a stored file, whatever it holds: a category this code does not know is « Autre ». */
export const briefFileCategoryLabel = (category: string): string =>
  (briefFileCategoryLabels as Record<string, string | undefined>)[category] ?? 'Autre';
