import { type SandboxCheckoutPurpose } from '../api/get-sandbox-checkout';

/** The `type` our server puts on each purpose's return URL (spec §4's payment types). */
export const returnTypes: Record<SandboxCheckoutPurpose, string> = {
  deposit: 'deposit',
  setup_fee: 'monthly',
  balance: 'balance',
  first_month: 'first_month',
  account_manager: 'account_manager',
};

/** The balance and the first month come back to the final-payment page, the others to the payment page. */
export const isFinalPurpose = (purpose: SandboxCheckoutPurpose) =>
  purpose === 'balance' || purpose === 'first_month';
