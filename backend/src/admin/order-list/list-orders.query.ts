import { type AllowedAction } from '@coseso/domain/orders/admin-actions';
import { type AdminOrderQueue, type AdminOrderSort } from '@coseso/domain/orders/admin-order-sort';
import { type NextStep } from '@coseso/domain/orders/next-step';
import { type PaymentBadge } from '@coseso/domain/orders/admin-order-view';
import { type OrderStatus } from '@coseso/domain/orders/order-status';
import { Query } from '@nestjs/cqrs';

export interface OrderListItem {
  readonly id: string;
  readonly orderNumber: number;
  /** The company, or « Commande #n » (the list card's title). */
  readonly displayName: string;
  readonly status: string;
  readonly statusLabel: string;
  readonly companyName: string;
  readonly companySector: string;
  readonly contactEmail: string;
  readonly selectedTemplate: string | null;
  readonly billingPeriod: string | null;
  readonly depositPaid: boolean;
  readonly finalPaid: boolean;
  readonly payment: PaymentBadge;
  readonly currentStep: number;
  readonly subscriptionStatus: string;
  readonly totalAmount: number | null;
  readonly totalWithVat: number | null;
  /** The catalogue version the price was computed at; null until the wizard is completed. */
  readonly catalogueVersion: number | null;
  readonly emptyDraft: boolean;
  /** Emails of the order the queue gave up on: the card's « E-mails en échec » badge. */
  readonly failedEmails: number;
  readonly allowedActions: readonly AllowedAction[];
  /** Whose move it is and what (« À faire : … », « En attente du client : … »), since when. */
  readonly nextStep: NextStep | null;
  /** When the payment awaited from the client last failed; null when none did. */
  readonly paymentFailedAt: Date | null;
  readonly createdAt: Date;
  readonly lastActiveAt: Date;
}

export interface OrderListCriteria {
  /** Case-insensitive substring of the company, contact email, sector, order id or number. */
  readonly search?: string;
  readonly status?: OrderStatus;
  readonly template?: string;
  /** Only the orders priced at this catalogue version. */
  readonly catalogueVersion?: number;
  /** A saved view: the team's move, the client's, or a failed payment. */
  readonly queue?: AdminOrderQueue;
  /** true: only the drafts nobody filled in (« Brouillons »); false: every other order. */
  readonly drafts: boolean;
  /** Absent: the most recently active first. */
  readonly sort?: AdminOrderSort;
  readonly page: number;
  readonly pageSize: number;
}

export interface OrderListPage {
  readonly orders: OrderListItem[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
}

/** How many orders each saved view holds (the empty drafts left out). */
export interface OrderViewCounts {
  readonly team: number;
  readonly client: number;
  readonly payment_failed: number;
  readonly cancelled: number;
}

/** The saved views' counts. */
export class CountOrderViewsQuery extends Query<OrderViewCounts> {}

/** Orders of the order-summary read model in the order asked, one page of them with the count of all that match. */
export class ListOrdersQuery extends Query<OrderListPage> {
  constructor(readonly criteria: OrderListCriteria) {
    super();
  }
}
