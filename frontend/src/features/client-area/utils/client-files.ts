import { moreElementsAwaited } from '@coseso/domain/orders/client-journey';
import { type OrderView } from '@coseso/domain/orders/order-view';
import { type BriefFileCategory } from '@coseso/event-schemas/order/order-keys';

/** A file the client sent, as `GET /api/client/files/:orderId` lists it. */
export interface ClientFile {
  filename: string;
  originalName: string;
  /** Bytes. */
  size: number;
  uploadDate: string;
  type: string;
  /** A short-lived signed link to download it, when the server gives one. */
  url?: string;
  downloadUrl?: string;
}

export interface ClientFiles {
  files: Partial<Record<BriefFileCategory, ClientFile[]>>;
  /** Megabytes. */
  storageUsed: number;
}

export const STORAGE_LIMIT_MB = 50;

export const fileCategoryLabels: Record<BriefFileCategory, string> = {
  logo: 'Logo',
  photos: 'Photos',
  arborescence: 'Arborescence du site',
  content: 'Contenus (textes)',
  product_type: 'Types de produits',
  categories: 'Catégories',
  product_list: 'Liste de produits',
  general: 'Autres documents',
};

/** The categories the chooser offers: the e-commerce ones only for a shop. */
export function uploadCategories(template: OrderView['selectedTemplate']): BriefFileCategory[] {
  const shop: BriefFileCategory[] = ['product_type', 'categories', 'product_list'];
  return (Object.keys(fileCategoryLabels) as BriefFileCategory[]).filter(
    (category) => template === 'ecommerce' || !shop.includes(category),
  );
}

/**
 * What the client still has to send (spec §4.8): the logo and the texts, when the client chose to
 * provide them and no file of that kind is there yet.
 */
export function missingElements(
  order: Pick<OrderView, 'logoOption' | 'contentOption'>,
  files: ClientFiles['files'] | undefined,
): string[] {
  const has = (category: BriefFileCategory) => (files?.[category]?.length ?? 0) > 0;
  const missing: string[] = [];
  if (order.logoOption === 'client' && !has('logo')) missing.push('Votre logo');
  if (order.contentOption === 'client' && !has('content')) missing.push('Vos contenus (textes)');
  return missing;
}

type DotFacts = Pick<
  OrderView,
  'status' | 'logoOption' | 'contentOption' | 'briefSubmittedByClient' | 'moreElementsMessage'
>;

/**
 * The red dot of the media tab (spec §2.2): the brief is open, elements are missing, and it is not
 * submitted; or the team asked for more elements and the brief is not sent back yet.
 */
export function mediaNeedsAction(order: DotFacts, files: ClientFiles['files'] | undefined): boolean {
  if (moreElementsAwaited(order)) return true;
  return (
    (order.status === 'brief_pending' || order.status === 'brief') &&
    !order.briefSubmittedByClient &&
    missingElements(order, files).length > 0
  );
}

/** Files can be sent and deleted from the signature until the team has the brief in hand. */
export const filesOpen = (status: OrderView['status']): boolean =>
  status === 'contract_signed' || status === 'brief_pending' || status === 'brief';
