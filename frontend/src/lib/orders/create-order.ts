import { type SubscriptionPlanKey, type TemplateKey } from '@coseso/domain/pricing/pricing-grid';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiAnswer } from '@/lib/api-answer';

/** The landing page's payload: every field sent empty, the wizard fills them. */
export interface LandingOrderInput {
  companyName: string;
  companySector: string;
  companyDescription: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
}

/** Amounts in cents; the server recomputes both from the plan, they are informative only. */
interface PricingPageAmounts {
  totalAmount: number;
  basePrice: number;
}

/** The pricing page's payload: the offer the visitor picked. */
export type PricingPageOrderInput = PricingPageAmounts &
  (
    | {
        planType: 'one-time';
        subscriptionPlan: null;
        selectedTemplate: TemplateKey;
        billingCycle: null;
      }
    | {
        planType: 'subscription';
        subscriptionPlan: SubscriptionPlanKey;
        selectedTemplate: TemplateKey;
        billingCycle: 'monthly';
      }
  );

export type CreateOrderInput = LandingOrderInput | PricingPageOrderInput;

export type CreateOrderResult = ApiAnswer<'/api/create-order', 'post'>;

const emptyLandingOrder: LandingOrderInput = {
  companyName: '',
  companySector: '',
  companyDescription: '',
  contactFirstName: '',
  contactLastName: '',
  contactEmail: '',
};

export function createOrder(input: CreateOrderInput = emptyLandingOrder): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>('/api/create-order', input);
}

type CreateOrderMutationOptions = Omit<
  UseMutationOptions<CreateOrderResult, Error, CreateOrderInput | void>,
  'mutationFn'
>;

/** Creates a draft order; with no variables, the landing page's empty one. */
export function useCreateOrder(options?: CreateOrderMutationOptions) {
  return useMutation({ ...options, mutationFn: (input) => createOrder(input ?? undefined) });
}
