import { ErrorCode } from '../shared/error-codes.js';
import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { type PaymentPurpose, type PriceBreakdown } from '@coseso/event-schemas/order/order-values';
import { computeOrderPrice } from '../pricing/compute-order-price.js';
import { withVat } from '../pricing/money.js';
import { ACCOUNT_MANAGER, EXPORT_ELIGIBLE_DELAY_MS } from '../pricing/pricing-grid.js';
import { DomainError } from '../shared/domain-error.js';
import { type OrderCommand, type OrderCommandOf } from './order-commands.js';
import { changesContent, diffForm, isEmptyForm, mergeForm, withDefaults } from './order-form.js';
import { completionProblems } from './order-form-rules.js';
import { type OrderState, evolve, initialOrderState } from './order-state.js';
import { type Decider } from '../shared/decider.js';
import { adminStatusLabels } from './order-status.js';
import { type CommandRule, isCorrection, orderCommandRules } from './order-rules.js';
import { normalizeWebUrl } from './url.js';

export const BRIEF_LIMITS = {
  maxFiles: 20,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
} as const;

/**
 * The order's decider: given what happened (state) and what is asked (command), the events to
 * append, or a DomainError. Pure: no clock, no I/O, no randomness.
 */
export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  if (command.type === 'CreateOrderDraft') {
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
  if (!state.exists) throw new DomainError(ErrorCode.ORDER_NOT_FOUND, 'Commande introuvable', 'not_found');
  if (command.type === 'RecordEvidenceExport') return recordEvidenceExport(command);
  if (command.type === 'EraseOrderContact') return eraseContact(command, state);
  // A payment link closing is a fact about the provider's page, and names nobody.
  if (state.contactErasedAt && command.type !== 'RecordCheckoutClosed') {
    throw new DomainError(
      ErrorCode.ORDER_CONTACT_ERASED,
      'Les données du contact de cette commande ont été effacées : elle ne peut plus être modifiée.',
      'conflict',
    );
  }

  const rule = orderCommandRules[command.type];
  if (!rule.who.includes(command.actor.kind)) {
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      `Vous n'êtes pas autorisé à ${rule.action}.`,
      'forbidden',
    );
  }
  if (!rule.from.includes(state.status)) throw forbiddenTransition(rule, state);

  switch (command.type) {
    case 'SaveWizardProgress':
      return saveProgress(command, state, rule);
    case 'CompleteOrderForm':
      return completeForm(command, state, rule);
    case 'RecordFirstPayment':
      return recordFirstPayment(command, state);
    case 'SignContract':
      if (!state.depositPaid) {
        throw new DomainError(
          ErrorCode.ORDER_PAYMENT_REQUIRED,
          "Le contrat ne peut être signé qu'après le premier paiement.",
          'conflict',
        );
      }
      // A signature is of the document shown: none before it is issued, and only that one.
      if (!state.contract.issuedSha256) {
        throw new DomainError(
          ErrorCode.ORDER_CONTRACT_NOT_READY,
          "Le contrat n'est pas encore prêt : veuillez réessayer dans quelques instants.",
          'conflict',
        );
      }
      if (state.contract.issuedSha256 !== command.documentSha256) {
        throw new DomainError(
          ErrorCode.ORDER_CONTRACT_CHANGED,
          'Le contrat a changé : veuillez le relire avant de le signer.',
          'conflict',
        );
      }
      return [
        {
          type: 'ContractSigned',
          data: {
            signerName: required(command.signerName, 'signerName', 'Le nom du signataire est requis'),
            documentSha256: command.documentSha256,
            signedAt: command.now,
            ip: command.ip,
          },
        },
      ];
    case 'OpenBrief':
      return [{ type: 'BriefOpened', data: {} }];
    case 'UploadBriefFile':
      return uploadBriefFile(command, state);
    case 'DeleteBriefFile':
      if (!state.brief.files.some((f) => f.fileId === command.fileId)) {
        throw new DomainError(ErrorCode.ORDER_FILE_NOT_FOUND, 'Fichier introuvable', 'not_found');
      }
      return [{ type: 'BriefFileDeleted', data: { fileId: command.fileId } }];
    case 'SubmitBrief':
      if (state.brief.files.length === 0 && !command.nothingToSend) {
        throw new DomainError(
          ErrorCode.ORDER_BRIEF_EMPTY,
          "Ajoutez au moins un fichier, ou confirmez que vous n'avez rien à envoyer.",
          'invalid',
          { nothingToSend: "Ajoutez au moins un fichier, ou confirmez que vous n'avez rien à envoyer." },
        );
      }
      return [
        {
          type: 'BriefSubmitted',
          data: { nothingToSend: command.nothingToSend, fileCount: state.brief.files.length },
        },
      ];
    case 'ValidateBrief':
      return [{ type: 'BriefValidated', data: { notes: command.notes.trim() } }];
    case 'RequestMoreElements':
      return [
        {
          type: 'MoreElementsRequested',
          data: { message: required(command.message, 'message', 'Le message est requis') },
        },
      ];
    case 'StartProduction':
      if (!state.brief.validated) {
        throw new DomainError(
          ErrorCode.ORDER_BRIEF_NOT_VALIDATED,
          'Le brief doit être validé avant de lancer la production.',
          'conflict',
        );
      }
      return [{ type: 'ProductionStarted', data: {} }];
    case 'SendReviewLink':
      return [
        {
          type: 'ReviewRequested',
          data: {
            reviewUrl: webUrl(
              command.reviewUrl,
              'reviewUrl',
              'Une URL de révision est requise pour passer en phase de révision',
            ),
            round: state.review.round + 1,
          },
        },
      ];
    case 'RequestChanges':
      if (state.review.status !== 'pending') throw reviewAlreadyAnswered();
      return [
        {
          type: 'ChangesRequested',
          data: {
            feedback: required(
              command.feedback,
              'reviewFeedback',
              'Veuillez expliquer les modifications souhaitées',
            ),
            round: state.review.round,
          },
        },
      ];
    case 'CompleteChanges':
      return [
        {
          type: 'ChangesCompleted',
          data: {
            reviewUrl: webUrl(
              command.reviewUrl,
              'reviewUrl',
              'Une URL de révision est requise pour relancer la validation',
            ),
            note: command.note?.trim() || null,
            round: state.review.round + 1,
          },
        },
      ];
    case 'ApproveReview':
      if (state.review.status === 'approved') return [];
      if (state.review.status !== 'pending') throw reviewAlreadyAnswered();
      return [
        {
          type: 'ReviewApproved',
          data: {
            round: state.review.round,
            reviewUrl: state.review.url,
            sessionRef: command.sessionRef ?? null,
          },
        },
      ];
    case 'RequestFinalPayment': {
      if (state.review.status !== 'approved') {
        throw new DomainError(
          ErrorCode.ORDER_REVIEW_NOT_APPROVED,
          "Le client doit d'abord valider la maquette.",
          'conflict',
        );
      }
      return [{ type: 'FinalPaymentRequested', data: finalPaymentDue(state) }];
    }
    case 'RecordFinalPayment':
      return recordFinalPayment(command, state);
    case 'FinalizeDelivery':
      return [
        {
          type: 'Delivered',
          data: {
            siteUrl: webUrl(
              command.siteUrl,
              'deliveryUrl',
              "L'URL du site livré est requise pour finaliser la livraison",
            ),
          },
        },
      ];
    case 'CancelOrder':
      return [
        {
          type: 'OrderCancelled',
          data: { reason: command.reason?.trim() || null, previousStatus: state.status },
        },
      ];
    case 'ReactivateOrder':
      return [{ type: 'OrderReactivated', data: {} }];
    case 'CorrectStatus':
      if (!isCorrection(state.status, command.to)) throw forbiddenTransition(rule, state);
      if (command.to === 'contract_signed' && !state.formCompleted) throw forbiddenTransition(rule, state);
      return [
        {
          type: 'StatusCorrected',
          data: {
            from: state.status,
            to: command.to,
            reason: required(command.reason, 'reason', 'La raison de la correction est requise'),
          },
        },
      ];
    case 'RecordSubscriptionRenewal': {
      assertSubscription(state, command.subscriptionId, 'active');
      if (state.subscription.renewalPaymentIds.includes(command.payment.paymentId)) return [];
      const { subscriptionId, payment, amount, currentPeriodEnd } = command;
      return [{ type: 'SubscriptionRenewed', data: { subscriptionId, payment, amount, currentPeriodEnd } }];
    }
    case 'RecordSubscriptionPaymentFailure':
      assertSubscription(state, command.subscriptionId, 'active');
      return [
        {
          type: 'SubscriptionPaymentFailed',
          data: { subscriptionId: command.subscriptionId, reason: command.reason },
        },
      ];
    case 'CancelSubscription': {
      if (state.subscription.status === 'cancelled') {
        throw new DomainError(
          ErrorCode.ORDER_SUBSCRIPTION_ALREADY_CANCELLED,
          "L'abonnement est déjà annulé.",
          'conflict',
        );
      }
      assertSubscription(state, state.subscription.id, 'active');
      return [
        {
          type: 'SubscriptionCancelled',
          data: {
            subscriptionId: state.subscription.id!,
            reason: command.reason?.trim() || null,
            expiresAt: state.subscription.currentPeriodEnd ?? command.now,
          },
        },
      ];
    }
    case 'StartCheckout': {
      const due = paymentDue(state, command.purpose);
      if ('problem' in due) throw new DomainError(ErrorCode.ORDER_PAYMENT_NOT_DUE, due.problem, 'conflict');
      assertAmount(command.amount, due.amount);
      const { purpose, amount, provider, paymentId, url, expiresAt } = command;
      const started: OrderEvent = {
        type: 'CheckoutStarted',
        data: { purpose, amount, provider, paymentId, url, expiresAt },
      };
      // The first payment link is where the visitor commits (rhythm chosen, terms accepted): the
      // order is placed then, once, whatever links and changes follow.
      const places = !state.placed && (purpose === 'deposit' || purpose === 'setup_fee');
      return places
        ? [{ type: 'OrderPlaced', data: { billingPeriod: state.price!.billingPeriod } }, started]
        : [started];
    }
    case 'RecordCheckoutClosed': {
      // Only the latest, still open link of its purpose matters: an older one was replaced already.
      const entry = Object.entries(state.checkouts).find(([, c]) => c?.paymentId === command.paymentId);
      if (!entry || entry[1]?.closed) return [];
      const purpose = entry[0] as PaymentPurpose;
      return [
        { type: 'CheckoutClosed', data: { purpose, paymentId: command.paymentId, outcome: command.outcome } },
      ];
    }
    case 'IssueContract':
      if (!state.depositPaid) {
        throw new DomainError(
          ErrorCode.ORDER_PAYMENT_REQUIRED,
          'Le contrat est établi après le premier paiement.',
          'conflict',
        );
      }
      if (state.contract.issuedSha256 === command.documentSha256) return [];
      return [
        {
          type: 'ContractIssued',
          data: { documentSha256: command.documentSha256, templateVersion: command.templateVersion },
        },
      ];
    case 'LinkOrderToClient':
      if (state.clientId === command.clientId) return [];
      if (state.clientId) {
        throw new DomainError(
          ErrorCode.ORDER_ALREADY_LINKED,
          'Cette commande appartient déjà à un autre compte client.',
          'conflict',
        );
      }
      return [{ type: 'OrderLinkedToClient', data: { clientId: command.clientId } }];
    case 'RecordAccountManagerPayment': {
      if (state.accountManagerPayment) {
        if (state.accountManagerPayment.payment.paymentId === command.payment.paymentId) return [];
        throw new DomainError(
          ErrorCode.ORDER_ALREADY_PAID,
          'Le chargé de compte de cette commande est déjà payé.',
          'conflict',
        );
      }
      const due = paymentDue(state, 'account_manager');
      if ('problem' in due) throw new DomainError(ErrorCode.ORDER_PAYMENT_NOT_DUE, due.problem, 'conflict');
      assertAmount(command.amount, due.amount);
      return [{ type: 'AccountManagerAdded', data: { payment: command.payment, amount: command.amount } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/**
 * The audit record of a download of the evidence bundle: staff only (admins, and auditors, whose
 * reading is what is recorded), in any status, and it changes nothing in the order.
 */
function recordEvidenceExport(command: OrderCommandOf<'RecordEvidenceExport'>): OrderEvent[] {
  if (command.actor.kind !== 'admin' && command.actor.kind !== 'auditor') {
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      "Vous n'êtes pas autorisé à exporter le dossier de preuves.",
      'forbidden',
    );
  }
  const { manifestSha256, lastRevision, lastEventHash } = command;
  return [{ type: 'EvidenceBundleExported', data: { manifestSha256, lastRevision, lastEventHash } }];
}

/** Statuses where nothing is being done for the contact yet, or any more. */
const contactErasableStatuses: readonly OrderState['status'][] = [
  'pending',
  'contract_ready_for_signature',
  'cancelled',
];

/**
 * The right to be forgotten of a contact who never became a client: by an admin, with a reason,
 * once. A client's orders are erased with the client (one account, every order); an order that is
 * paid has, or is about to have, a client account; an order worked on (a contract forced without
 * payment) still needs its contact; and a visitor who may still pay an open payment link would
 * become a client named « données effacées ».
 */
function eraseContact(command: OrderCommandOf<'EraseOrderContact'>, state: OrderState): OrderEvent[] {
  if (command.actor.kind !== 'admin') {
    throw new DomainError(
      ErrorCode.ORDER_ACTOR_FORBIDDEN,
      'Seul un administrateur peut effacer les données du contact d’une commande.',
      'forbidden',
    );
  }
  if (state.contactErasedAt) {
    throw new DomainError(
      ErrorCode.ORDER_CONTACT_ALREADY_ERASED,
      'Les données du contact de cette commande ont déjà été effacées.',
      'conflict',
    );
  }
  if (state.clientId || state.depositPaid) {
    throw new DomainError(
      ErrorCode.ORDER_CONTACT_IS_CLIENT,
      state.clientId
        ? 'Cette commande appartient à un client : effacez ses données avec « Effacer les données du client », qui efface toutes ses commandes.'
        : 'Cette commande est payée : son contact devient un client, dont les données s’effacent avec « Effacer les données du client ».',
      'conflict',
    );
  }
  if (!contactErasableStatuses.includes(state.status)) {
    throw new DomainError(
      ErrorCode.ORDER_TRANSITION_FORBIDDEN,
      `Impossible d’effacer les données du contact : la commande est au statut « ${adminStatusLabels[state.status]} » (${state.status}). Annulez-la d’abord.`,
      'conflict',
    );
  }
  const reason = command.reason.trim();
  if (!reason) {
    throw new DomainError(ErrorCode.REQUEST_INVALID, 'Indiquez la raison de l’effacement.', 'invalid', {
      reason: 'Indiquez la raison de l’effacement.',
    });
  }
  const open = openFirstPaymentLink(state, command.now);
  if (open) {
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_LINK_OPEN,
      `Un lien de paiement de cette commande est encore ouvert${
        open.expiresAt ? ` (jusqu’au ${open.expiresAt.slice(0, 16).replace('T', ' à ')} UTC)` : ''
      } : le visiteur pourrait encore payer. Effacez ses données une fois le lien expiré.`,
      'conflict',
    );
  }
  return [{ type: 'OrderContactErased', data: { reason, plaintextEvents: command.plaintextEvents } }];
}

/** The first payment's link the visitor may still pay at `now`: not closed, not past its expiry. */
function openFirstPaymentLink(state: OrderState, now: string) {
  if (state.status === 'cancelled') return null;
  const links = [state.checkouts.deposit, state.checkouts.setup_fee];
  return (
    links.find(
      (link) =>
        link && !link.closed && (link.expiresAt === null || Date.parse(link.expiresAt) > Date.parse(now)),
    ) ?? null
  );
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
  const price = priceOf(form);
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
        exportEligibleAt: monthly
          ? new Date(Date.parse(command.now) + EXPORT_ELIGIBLE_DELAY_MS).toISOString()
          : null,
        supportEnabled: form.additionalOptions?.liveTraining === true,
      },
    },
  ];
}

/** The server's price of a completed form, in the shape the event stores. */
export function priceOf(form: ReturnType<typeof withDefaults>): PriceBreakdown {
  const result = computeOrderPrice({
    template: form.selectedTemplate,
    billingPeriod: form.billingPeriod,
    hostingOptions: form.hostingOptions ?? {},
    additionalOptions: form.additionalOptions ?? {},
    logoOption: form.logoOption,
    contentOption: form.contentOption,
    vatApplicable: true,
    companyCountry: 'FR',
  });
  if (!result.ok) throw new DomainError(ErrorCode.ORDER_PRICE_ERROR, 'Erreur de calcul', 'invalid');
  const { ok: _ok, yearlyForcedByAutonomousHosting: _forced, ...price } = result;
  return price;
}

/**
 * What a payment of `purpose` must be for this order now, VAT included, or why none is due. The
 * checkout is created for this amount, and the webhook's amount is checked against it.
 */
export function paymentDue(
  state: OrderState,
  purpose: PaymentPurpose,
): { amount: number } | { problem: string } {
  const label = `statut « ${adminStatusLabels[state.status]} »`;
  switch (purpose) {
    case 'deposit':
    case 'setup_fee': {
      const due = firstPaymentDue(state);
      if (state.status !== 'contract_ready_for_signature' || !due) {
        return { problem: `Aucun premier paiement n'est attendu pour cette commande (${label}).` };
      }
      if ((purpose === 'deposit') !== (due.kind === 'deposit')) {
        return {
          problem:
            due.kind === 'deposit'
              ? 'Cette commande est en paiement annuel : le premier paiement est un acompte.'
              : 'Cette commande est en abonnement mensuel : le premier paiement est celui des frais de mise en service.',
        };
      }
      return { amount: due.amount };
    }
    case 'balance':
    case 'first_month': {
      const expected = purpose === 'balance' ? 'awaiting_balance_payment' : 'awaiting_first_monthly_payment';
      if (state.status !== expected || !state.finalPaymentDue) {
        const what = purpose === 'balance' ? 'solde' : 'premier mois';
        return { problem: `Aucun ${what} n'est attendu pour cette commande (${label}).` };
      }
      return { amount: state.finalPaymentDue.amount };
    }
    case 'account_manager':
      if (!state.depositPaid || state.status === 'cancelled') {
        return { problem: `Le chargé de compte s'ajoute une fois la commande payée (${label}).` };
      }
      if (state.accountManager) return { problem: 'Cette commande a déjà un chargé de compte.' };
      return { amount: withVat(ACCOUNT_MANAGER.yearlyPriceHT) };
    case 'card_update':
      if (state.subscription.status !== 'active')
        return { problem: "Cette commande n'a pas d'abonnement actif." };
      return { amount: 0 };
    default: {
      const _exhaustive: never = purpose;
      return _exhaustive;
    }
  }
}

/** What the first payment must be: the yearly deposit or the monthly setup fee, VAT included. */
export function firstPaymentDue(state: OrderState): { kind: 'deposit' | 'setup_fee'; amount: number } | null {
  if (!state.price || state.depositPaid) return null;
  return {
    kind: state.price.billingPeriod === 'yearly' ? 'deposit' : 'setup_fee',
    amount: state.price.depositWithVat,
  };
}

/** What the final payment must be: the yearly balance or the first month, VAT included. */
export function finalPaymentDue(state: OrderState): { kind: 'balance' | 'first_monthly'; amount: number } {
  const price = state.price!;
  return price.billingPeriod === 'yearly'
    ? { kind: 'balance', amount: price.remainingWithVat }
    : { kind: 'first_monthly', amount: price.monthlyWithVat };
}

function recordFirstPayment(command: OrderCommandOf<'RecordFirstPayment'>, state: OrderState): OrderEvent[] {
  if (state.firstPayment) {
    if (state.firstPayment.payment.paymentId === command.payment.paymentId) return [];
    throw new DomainError(
      ErrorCode.ORDER_ALREADY_PAID,
      'Le premier paiement de cette commande est déjà enregistré.',
      'conflict',
    );
  }
  const due = firstPaymentDue(state)!;
  assertAmount(command.amount, due.amount);
  const data = { payment: command.payment, amount: command.amount };
  return [due.kind === 'deposit' ? { type: 'DepositPaid', data } : { type: 'SetupFeePaid', data }];
}

function recordFinalPayment(command: OrderCommandOf<'RecordFinalPayment'>, state: OrderState): OrderEvent[] {
  if (state.finalPayment?.payment.paymentId === command.payment.paymentId) return [];
  const due = state.finalPaymentDue ?? finalPaymentDue(state);
  assertAmount(command.amount, due.amount);
  const data = { payment: command.payment, amount: command.amount };
  if (due.kind === 'balance')
    return [
      { type: 'BalancePaid', data },
      { type: 'MarkedReadyForDelivery', data: {} },
    ];
  if (!command.subscription) {
    throw new DomainError(
      ErrorCode.ORDER_SUBSCRIPTION_REQUIRED,
      "Le premier mois doit démarrer l'abonnement.",
      'invalid',
    );
  }
  return [
    { type: 'FirstMonthlyPaymentPaid', data },
    {
      type: 'SubscriptionStarted',
      data: {
        subscriptionId: command.subscription.subscriptionId,
        provider: command.payment.provider,
        monthlyAmount: state.price!.monthlyWithVat,
        currentPeriodEnd: command.subscription.currentPeriodEnd,
      },
    },
    { type: 'MarkedReadyForDelivery', data: {} },
  ];
}

function uploadBriefFile(command: OrderCommandOf<'UploadBriefFile'>, state: OrderState): OrderEvent[] {
  const { files } = state.brief;
  const used = files.reduce((sum, f) => sum + f.size, 0);
  if (files.length >= BRIEF_LIMITS.maxFiles) {
    throw new DomainError(
      ErrorCode.ORDER_FILE_LIMIT,
      'Vous avez atteint la limite de 20 fichiers.',
      'invalid',
      {
        files: 'Limite de 20 fichiers atteinte',
      },
    );
  }
  if (command.file.size > BRIEF_LIMITS.maxFileBytes) {
    throw new DomainError(
      ErrorCode.ORDER_FILE_TOO_LARGE,
      'Un fichier ne peut pas dépasser 10 Mo.',
      'invalid',
      {
        files: 'Fichier trop volumineux (10 Mo maximum)',
      },
    );
  }
  if (used + command.file.size > BRIEF_LIMITS.maxTotalBytes) {
    throw new DomainError(
      ErrorCode.ORDER_STORAGE_FULL,
      "L'espace de stockage de 50 Mo est plein.",
      'invalid',
      {
        files: 'Espace de stockage plein (50 Mo)',
      },
    );
  }
  return [{ type: 'BriefFileUploaded', data: command.file }];
}

function forbiddenTransition(rule: CommandRule, state: OrderState): DomainError {
  return new DomainError(
    ErrorCode.ORDER_TRANSITION_FORBIDDEN,
    `Impossible de ${rule.action} : la commande est au statut « ${adminStatusLabels[state.status]} » (${state.status}).`,
    'conflict',
  );
}

const reviewAlreadyAnswered = () =>
  new DomainError(
    ErrorCode.ORDER_REVIEW_ALREADY_ANSWERED,
    'Vous avez déjà répondu à cette version de la maquette.',
    'conflict',
  );

function required(value: string, field: string, message: string): string {
  const trimmed = value.trim();
  if (trimmed === '')
    throw new DomainError(ErrorCode.ORDER_INVALID_INPUT, message, 'invalid', { [field]: message });
  return trimmed;
}

function webUrl(value: string, field: string, missingMessage: string): string {
  required(value, field, missingMessage);
  const url = normalizeWebUrl(value);
  if (!url) {
    const message = 'Veuillez saisir une URL valide (ex: monsite.fr)';
    throw new DomainError(ErrorCode.ORDER_INVALID_URL, message, 'invalid', { [field]: message });
  }
  return url;
}

function assertAmount(paid: number, due: number) {
  if (paid !== due) {
    throw new DomainError(
      ErrorCode.ORDER_PAYMENT_AMOUNT_MISMATCH,
      `Montant inattendu : ${paid} centimes reçus pour ${due} dus.`,
      'invalid',
    );
  }
}

function assertSubscription(state: OrderState, subscriptionId: string | null, status: 'active') {
  if (state.subscription.status !== status || !subscriptionId || state.subscription.id !== subscriptionId) {
    throw new DomainError(
      ErrorCode.ORDER_NO_ACTIVE_SUBSCRIPTION,
      "Cette commande n'a pas d'abonnement actif.",
      'conflict',
    );
  }
}

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: initialOrderState,
  evolve,
  decide,
};
