import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface CreateOrderInput {
  companyName: string;
  companySector: string;
  companyDescription: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
}

export interface CreateOrderResult {
  orderId: string;
  position: number;
}

const emptyOrder: CreateOrderInput = {
  companyName: '',
  companySector: '',
  companyDescription: '',
  contactFirstName: '',
  contactLastName: '',
  contactEmail: '',
};

export function createOrder(input: Partial<CreateOrderInput> = {}): Promise<CreateOrderResult> {
  return api.post<CreateOrderResult>('/api/create-order', { ...emptyOrder, ...input });
}

type CreateOrderMutationOptions = Omit<
  UseMutationOptions<CreateOrderResult, Error, Partial<CreateOrderInput> | void>,
  'mutationFn'
>;

/** Creates a draft order; with no variables, an empty one (the landing's start buttons). */
export function useCreateOrder(options?: CreateOrderMutationOptions) {
  return useMutation({ ...options, mutationFn: (input) => createOrder(input ?? {}) });
}
