import { type OrderEvent } from '@coseso/event-schemas/order/order-events';
import { DomainError } from '../../shared/domain-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { type OrderCommandOf } from '../order-commands.js';
import { type OrderState } from '../order-state.js';
import { type GuardedBy, commandsOf, eventsOf, required } from './decider-guards.js';

export const BRIEF_LIMITS = {
  maxFiles: 20,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
} as const;

/** The brief: opened by the team, filled by the client, validated before production starts. */
export const isBriefCommand = commandsOf(
  'OpenBrief',
  'UploadBriefFile',
  'DeleteBriefFile',
  'SubmitBrief',
  'ValidateBrief',
  'RequestMoreElements',
  'StartProduction',
);
export const isBriefEvent = eventsOf(
  'BriefOpened',
  'BriefFileUploaded',
  'BriefFileDeleted',
  'BriefSubmitted',
  'BriefValidated',
  'MoreElementsRequested',
  'ProductionStarted',
);

export function decideBrief(command: GuardedBy<typeof isBriefCommand>, state: OrderState): OrderEvent[] {
  switch (command.type) {
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
      return submitBrief(command, state);
    case 'ValidateBrief':
      // Validated once: offering it again would say the brief is to be checked when it was.
      if (state.brief.validated)
        throw new DomainError(
          ErrorCode.ORDER_BRIEF_ALREADY_VALIDATED,
          'Le brief est déjà validé.',
          'conflict',
        );
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
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export function evolveBrief(s: OrderState, event: GuardedBy<typeof isBriefEvent>): OrderState {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'BriefOpened':
      return { ...s, status: 'brief_pending' };
    case 'BriefFileUploaded':
      return { ...s, brief: { ...s.brief, files: [...s.brief.files, { ...event.data, uploadedAt: at }] } };
    case 'BriefFileDeleted':
      return {
        ...s,
        brief: { ...s.brief, files: s.brief.files.filter((f) => f.fileId !== event.data.fileId) },
      };
    case 'BriefSubmitted':
      return {
        ...s,
        status: 'brief',
        brief: {
          ...s.brief,
          submitted: true,
          submittedAt: at,
          nothingToSend: event.data.nothingToSend,
          validated: false,
        },
      };
    case 'BriefValidated':
      return {
        ...s,
        brief: {
          ...s.brief,
          validated: true,
          validatedAt: at,
          validatedBy: event.metadata.actor.id,
          notes: event.data.notes,
        },
      };
    case 'MoreElementsRequested':
      return {
        ...s,
        status: 'brief_pending',
        brief: {
          ...s.brief,
          submitted: false,
          validated: false,
          validatedAt: null,
          validatedBy: null,
          moreElementsMessage: event.data.message,
        },
      };
    case 'ProductionStarted':
      return { ...s, status: 'in_progress' };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
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

function submitBrief(command: OrderCommandOf<'SubmitBrief'>, state: OrderState): OrderEvent[] {
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
}
