import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { type PriceBreakdown } from '@coseso/event-schemas/order/order-values';
import { computeOrderPrice } from '../../pricing/compute-order-price.js';
import { firstCatalogueGrid } from '../../catalogue/first-version.js';
import { EXPORT_ELIGIBLE_AFTER_YEARS, type PriceGrid } from '../../pricing/pricing-grid.js';
import { addCalendarYears } from '../../shared/calendar.js';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { changesContent, diffForm, isEmptyForm, mergeForm, withDefaults } from '../order-form.js';
import { completionProblems } from '../order-form-rules.js';
import { type CommandRule } from '../order-rules.js';
import { type OrderState } from '../order-state.js';
import { termsAt } from '../order-terms.js';
import { type GuardedBy, commandsOf, eventsOf, forbiddenTransition } from './decider-guards.js';

/** The wizard: the draft, its autosaves and its completion, priced on the server. */
export const isWizardCommand = commandsOf('SaveWizardProgress', 'CompleteOrderForm');
export const isWizardEvent = eventsOf(
  'OrderDraftCreated',
  'WizardStepSaved',
  'OrderFormCompleted',
  'OrderFormReopened',
);

export function createDraft(command: OrderCommandOf<'CreateOrderDraft'>, state: OrderState): OrderEvent[] {
  if (state.exists)
    throw new DomainError(ErrorCode.ORDER_ALREADY_EXISTS, 'Cette commande existe déjà.', 'conflict');
  const { orderId, orderNumber, source, form, pricingSelection } = command;
  return [
    {
      type: 'OrderDraftCreated',
      data: { orderId, orderNumber, source, form, ...(pricingSelection ? { pricingSelection } : {}) },
    },
  ];
}

export function decideWizard(
  command: GuardedBy<typeof isWizardCommand>,
  state: OrderState,
  rule: CommandRule,
): OrderEvent[] {
  switch (command.type) {
    case 'SaveWizardProgress':
      return saveProgress(command, state, rule);
    case 'CompleteOrderForm':
      return completeForm(command, state, rule);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveWizard(s: OrderState, event: GuardedBy<typeof isWizardEvent>): OrderState {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'OrderDraftCreated':
      return {
        ...s,
        exists: true,
        orderId: event.data.orderId,
        orderNumber: event.data.orderNumber,
        source: event.data.source,
        createdAt: at,
        status: 'pending',
        form: event.data.form,
        pricingSelection: event.data.pricingSelection ?? null,
      };
    case 'WizardStepSaved':
      return {
        ...s,
        form: mergeForm(s.form, event.data.changes),
        currentStep: event.data.currentStep ?? s.currentStep,
      };
    case 'OrderFormCompleted':
      return {
        ...s,
        status: 'contract_ready_for_signature',
        formCompleted: true,
        formCompletedAt: at,
        price: event.data.price,
        // Events written before the catalogue had versions were all priced at version 1.
        catalogueVersion: event.data.catalogueVersion ?? 1,
        // Recorded since 2026-12-07; before, every version had version 1's (termsOf reads them).
        terms: event.data.terms ?? null,
        exportEligibleAt: event.data.exportEligibleAt,
        supportEnabled: event.data.supportEnabled,
      };
    case 'OrderFormReopened':
      return {
        ...s,
        status: 'pending',
        formCompleted: false,
        formCompletedAt: null,
        price: null,
        catalogueVersion: null,
        terms: null,
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function saveProgress(
  command: OrderCommandOf<'SaveWizardProgress'>,
  state: OrderState,
  rule: CommandRule,
): OrderEvent[] {
  const changes = diffForm(state.form, command.form);
  const stepChanged = command.currentStep !== undefined && command.currentStep !== state.currentStep;
  if (isEmptyForm(changes) && !stepChanged) return [];
  // Once money is in, the order's content is what the client paid for: only navigation remains.
  if (state.depositPaid && !isEmptyForm(changes)) throw forbiddenTransition(rule, state);
  const reopens = state.status === 'contract_ready_for_signature' && changesContent(changes);
  return [
    {
      type: 'WizardStepSaved',
      data: { ...(stepChanged ? { currentStep: command.currentStep } : {}), changes },
    },
    ...(reopens ? [{ type: 'OrderFormReopened' as const, data: {} }] : []),
  ];
}

function completeForm(
  command: OrderCommandOf<'CompleteOrderForm'>,
  state: OrderState,
  rule: CommandRule,
): OrderEvent[] {
  if (state.depositPaid) throw forbiddenTransition(rule, state);
  const form = withDefaults(mergeForm(state.form, command.form));
  const problems = completionProblems(form);
  const [firstProblem] = Object.values(problems);
  if (firstProblem) throw new DomainError(ErrorCode.ORDER_INVALID_FORM, firstProblem, 'invalid', problems);

  const changes = diffForm(state.form, form);
  const alreadyCompleted = state.status === 'contract_ready_for_signature';
  if (alreadyCompleted && !changesContent(changes)) {
    return isEmptyForm(changes) ? [] : [{ type: 'WizardStepSaved', data: { changes } }];
  }
  const catalogue = command.catalogue ?? { version: 1, effectiveFrom: null, grid: firstCatalogueGrid() };
  const seen = command.seenCatalogueVersion;
  if (seen !== undefined && seen !== null && seen !== catalogue.version)
    throw new DomainError(
      ErrorCode.ORDER_PRICES_CHANGED,
      `Nos tarifs ont changé depuis votre récapitulatif (version ${catalogue.version} du catalogue${
        catalogue.version > 1 && catalogue.effectiveFrom
          ? `, en vigueur depuis le ${frenchDateTime.format(new Date(catalogue.effectiveFrom))}`
          : ''
      }) : vérifiez le nouveau montant avant de payer.`,
      'conflict',
    );
  const price = priceOf(form, catalogue.grid);
  const saved: OrderEvent[] =
    isEmptyForm(changes) && state.currentStep === 8
      ? []
      : [
          {
            type: 'WizardStepSaved',
            data: { ...(state.currentStep === 8 ? {} : { currentStep: 8 }), changes },
          },
        ];
  const monthly = price.billingPeriod === 'monthly';
  return [
    ...saved,
    ...(alreadyCompleted ? [{ type: 'OrderFormReopened' as const, data: {} }] : []),
    {
      type: 'OrderFormCompleted',
      data: {
        price,
        exportEligibleAt: monthly ? addCalendarYears(command.now, EXPORT_ELIGIBLE_AFTER_YEARS) : null,
        supportEnabled: form.additionalOptions?.liveTraining === true,
        catalogueVersion: catalogue.version,
        terms: termsAt(catalogue.grid, form.selectedTemplate),
      },
    },
  ];
}

const frenchDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** The server's price of a completed form, at a catalogue version's grid, in the shape the event stores. */
function priceOf(form: ReturnType<typeof withDefaults>, grid: PriceGrid): PriceBreakdown {
  const result = computeOrderPrice(
    {
      template: form.selectedTemplate,
      billingPeriod: form.billingPeriod,
      hostingOptions: form.hostingOptions ?? {},
      additionalOptions: form.additionalOptions ?? {},
      logoOption: form.logoOption,
      contentOption: form.contentOption,
      vatApplicable: true,
      companyCountry: 'FR',
    },
    grid,
  );
  if (!result.ok) throw new DomainError(ErrorCode.ORDER_PRICE_ERROR, 'Erreur de calcul', 'invalid');
  const { ok: _ok, yearlyForcedByAutonomousHosting: _forced, ...price } = result;
  return price;
}
