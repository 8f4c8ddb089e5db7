import { UPLOAD_ACCEPT } from '@coseso/domain/files/upload-formats';
import { CONVERSATION_LIMITS } from '@coseso/domain/orders/decider/conversation.decider';
import { ERASED } from '@coseso/event-schemas/personal-fields';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { textLinkClasses } from '@/ui/text-link';
import { Textarea } from '@/ui/textarea';
import {
  type ConversationSide,
  type ThreadEntry,
  conversationQueryOptions,
  useMarkRead,
  usePostMessage,
} from './conversation';

interface ConversationThreadProps {
  side: ConversationSide;
  orderId: string;
  /** Whether this reader may write and mark as read (auditors only read). */
  canWrite?: boolean;
  /** The heading's id, for the region's label (the caller draws the heading). */
  labelledBy: string;
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`
    : `${Math.max(1, Math.round(bytes / 1024))} Ko`;

/**
 * An order's conversation between its client and the team, oldest first: the messages of both
 * sides, and in their place the order's steps that speak to the other side (the team's requests,
 * each preview sent, the client's change requests). Opening it marks what it shows as read.
 */
export function ConversationThread({ side, orderId, canWrite = true, labelledBy }: ConversationThreadProps) {
  const conversation = useQuery(conversationQueryOptions(side, orderId));
  const markRead = useMarkRead(side, orderId);
  const unread = conversation.data?.unread ?? 0;
  const lastSeq = conversation.data?.lastSeq ?? 0;
  const { mutate: markReadUpTo, isPending: marking } = markRead;
  useEffect(() => {
    if (canWrite && unread > 0 && !marking) markReadUpTo(lastSeq);
  }, [canWrite, unread, lastSeq, marking, markReadUpTo]);

  if (conversation.isError && !conversation.data)
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p>Les messages n'ont pas pu être chargés.</p>
        <Button
          size="sm"
          variant="outline"
          pending={conversation.isFetching}
          onClick={() => void conversation.refetch()}
        >
          Réessayer
        </Button>
      </div>
    );
  if (!conversation.data) return <Spinner label="Chargement des messages..." className="py-8" />;
  const { entries, readUpTo } = conversation.data;
  const otherSide = side === 'client' ? 'team' : 'client';
  return (
    <div className="flex flex-col gap-5">
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {side === 'client'
            ? "Aucun message pour l'instant. Posez votre question ci-dessous : notre équipe vous répond ici, et vous prévient par email."
            : "Aucun message avec le client pour l'instant."}
        </p>
      ) : (
        <ol aria-labelledby={labelledBy} className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <EntryCard
                entry={entry}
                side={side}
                readByOther={entry.seq !== null && entry.seq <= readUpTo[otherSide]}
              />
            </li>
          ))}
        </ol>
      )}
      {canWrite && <Composer side={side} orderId={orderId} />}
    </div>
  );
}

function entryTitle(entry: ThreadEntry, side: ConversationSide): string {
  const mine = entry.author === side;
  switch (entry.kind) {
    case 'more_elements_requested':
      return side === 'client'
        ? "L'équipe vous demande des éléments"
        : "Demande d'éléments envoyée au client";
    case 'preview_sent':
      return side === 'client' ? 'Nouvelle maquette à relire' : 'Maquette envoyée au client';
    case 'changes_requested':
      return side === 'client'
        ? 'Vous avez demandé des modifications'
        : 'Le client demande des modifications';
    case 'message':
      if (mine) return entry.channel === 'support' ? 'Vous (ticket de support)' : 'Vous';
      if (entry.author === 'team') return "L'équipe Coseso";
      return entry.channel === 'support' ? 'Le client (ticket de support)' : 'Le client';
  }
}

function EntryCard({
  entry,
  side,
  readByOther,
}: {
  entry: ThreadEntry;
  side: ConversationSide;
  readByOther: boolean;
}) {
  const mine = entry.author === side;
  const step = entry.kind !== 'message';
  const erased = entry.text === ERASED;
  return (
    <article
      className={cn(
        'flex flex-col gap-2 rounded-xl border p-4 text-sm',
        step
          ? 'border-amber-200 bg-amber-50'
          : mine
            ? 'border-blue-200 bg-blue-50 sm:ml-10'
            : 'border-slate-200 bg-white sm:mr-10',
      )}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">{entryTitle(entry, side)}</p>
        <time dateTime={entry.postedAt} className="text-xs text-slate-600">
          {formatDateTime(entry.postedAt)}
        </time>
      </header>
      {entry.text && (
        <p
          className={cn(
            'whitespace-pre-wrap wrap-anywhere text-slate-800',
            erased && 'italic text-slate-600',
          )}
        >
          {entry.text}
        </p>
      )}
      {entry.url && (
        <a
          href={entry.url}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(textLinkClasses, 'self-start')}
        >
          Voir la maquette<span className="sr-only"> (nouvel onglet)</span>
        </a>
      )}
      {entry.attachments.length > 0 && (
        <ul aria-label="Pièces jointes" className="flex flex-col gap-1">
          {entry.attachments.map((file, index) => (
            <li key={index} className="flex flex-wrap items-baseline gap-2">
              {file.url ? (
                <a href={file.url} download={file.name} className={textLinkClasses}>
                  {file.name}
                </a>
              ) : (
                <span className="italic text-slate-600">{file.name}</span>
              )}
              <span className="text-xs text-slate-600">{sizeOf(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
      {mine && entry.kind === 'message' && (
        <p className="text-xs text-slate-600">
          {readByOther ? (side === 'client' ? "Lu par l'équipe" : 'Lu par le client') : 'Envoyé'}
        </p>
      )}
    </article>
  );
}

function Composer({ side, orderId }: { side: ConversationSide; orderId: string }) {
  const post = usePostMessage(side, orderId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const filesId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' && files.length === 0)
      return setError('Écrivez un message ou joignez un fichier.');
    if (files.length > CONVERSATION_LIMITS.maxAttachments)
      return setError(`Joignez au plus ${CONVERSATION_LIMITS.maxAttachments} fichiers par message.`);
    setError(null);
    post.mutate(
      { text, files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (failure) =>
          setError(
            isApiError(failure) && failure.serverMessage
              ? failure.serverMessage
              : "Le message n'a pas pu être envoyé. Veuillez réessayer.",
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 border-t border-slate-100 pt-4" noValidate>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={textId} className="text-sm font-medium text-slate-800">
          {side === 'client' ? "Votre message à l'équipe" : 'Votre réponse au client'}
        </label>
        <Textarea
          id={textId}
          value={text}
          maxLength={CONVERSATION_LIMITS.maxTextLength}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={filesId} className="text-sm font-medium text-slate-800">
          Joindre des fichiers <span className="font-normal text-slate-600">(5 au plus, 10 Mo chacun)</span>
        </label>
        {/* The browser's own button speaks the browser's language: ours says it in French. */}
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            id={filesId}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            className="peer sr-only"
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
          <label
            htmlFor={filesId}
            className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-500"
          >
            Choisir des fichiers
          </label>
          <span className="min-w-0 text-sm wrap-anywhere text-slate-600" aria-live="polite">
            {files.length === 0
              ? 'Aucun fichier choisi'
              : files.length === 1
                ? files[0]!.name
                : `${files.length} fichiers : ${files.map((file) => file.name).join(', ')}`}
          </span>
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="self-start" pending={post.isPending} pendingLabel="Envoi…">
        Envoyer
      </Button>
    </form>
  );
}
