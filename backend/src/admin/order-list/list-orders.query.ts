import { Query } from '@nestjs/cqrs';

export interface OrderListItem {
  readonly id: string;
  readonly orderNumber: number;
  readonly status: string;
  readonly companyName: string;
  readonly companySector: string;
  readonly contactEmail: string;
  readonly selectedTemplate: string | null;
  readonly billingPeriod: string | null;
  readonly depositPaid: boolean;
  readonly finalPaid: boolean;
  readonly currentStep: number;
  readonly subscriptionStatus: string;
  readonly totalAmount: number | null;
  readonly totalWithVat: number | null;
  readonly createdAt: Date;
  readonly lastActiveAt: Date;
}

/** The latest orders, newest first, for the back-office. */
export class ListOrdersQuery extends Query<OrderListItem[]> {
  constructor(readonly limit: number) {
    super();
  }
}
