import { adminStatusLabels, type OrderStatus } from '@coseso/domain/orders/order-status';
import { templateLabels } from '@coseso/domain/orders/wizard';
import { formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { type AdminOrderRow, boardColumnQueryOptions } from '../api/get-admin-orders';
import { type AdminListFilters } from '../utils/admin-order-filters';
import { billingLabel } from '../utils/billing-label';
import { ageLabel } from '../utils/board-phases';
import { orderTitle } from './admin-order-card';
import { FailedEmailsBadge } from './failed-emails-badge';
import { NextStepLine } from './next-step-line';

const label = (status: OrderStatus) => adminStatusLabels[status];

/** A status's column of the board: it takes a dropped card, and lists its orders (its own pages, oldest wait first) as cards to drag. */
export function BoardColumn({
  status,
  filters,
  accepting,
  dragging,
  canAct,
  selectedId,
  onSelect,
}: {
  status: OrderStatus;
  filters: AdminListFilters;
  accepting: boolean;
  dragging: boolean;
  canAct: boolean;
  selectedId: string | undefined;
  onSelect: (orderId: string) => void;
}) {
  // Every status takes a drop, so that a refused one can be explained.
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const [all, setAll] = useState(false);
  const pages = useInfiniteQuery(boardColumnQueryOptions(filters, status));
  const orders = pages.data?.pages.flatMap((page) => page.orders) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  // « Voir tout »: every page, one after the other, until the column holds all its orders.
  useEffect(() => {
    if (all && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [all, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <div
      ref={setNodeRef}
      data-status={status}
      data-accepting={accepting || undefined}
      data-over={isOver || undefined}
      aria-label={`Colonne ${label(status)}`}
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-lg border bg-white/60 p-1.5 transition-colors',
        // A column with orders takes the phase's height; an empty one only its title and a drop zone.
        total > 0 ? 'min-h-24 flex-[1_1_0]' : 'min-h-16 flex-none',
        dragging && accepting ? 'border-primary-400 bg-primary-50' : 'border-transparent',
        dragging && !accepting && 'opacity-60',
        isOver && (accepting ? 'ring-2 ring-primary-500' : 'ring-2 ring-red-300'),
      )}
    >
      <h3 className="flex items-center justify-between px-1 text-sm font-semibold text-slate-800">
        {label(status)}{' '}
        <span className="text-xs font-normal text-slate-600">
          {total}
          <span className="sr-only"> {total > 1 ? 'commandes' : 'commande'}</span>
        </span>
      </h3>
      <ul
        aria-label={`Commandes : ${label(status)}`}
        // Each column scrolls on its own (a keyboard user reaches it by Tab, as its cards are buttons).
        className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto"
      >
        {orders.map((order) => (
          <BoardCard
            key={order.id}
            order={order}
            canAct={canAct}
            selected={order.id === selectedId}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {orders.length < total && (
        <button
          type="button"
          className="rounded-md px-2 py-1 text-xs font-medium text-primary-700 underline underline-offset-2 hover:bg-white focus-visible:outline-2 focus-visible:outline-primary-500"
          disabled={all}
          onClick={() => setAll(true)}
        >
          {all ? 'Chargement…' : `Voir tout (${total})`}
        </button>
      )}
    </div>
  );
}

function BoardCard({
  order,
  canAct,
  selected,
  onSelect,
}: {
  order: AdminOrderRow;
  canAct: boolean;
  selected: boolean;
  onSelect: (orderId: string) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: order.id,
    data: { status: order.status, order },
    disabled: !canAct,
  });
  const paid = order.payment;
  const template = order.selectedTemplate
    ? (templateLabels[order.selectedTemplate as keyof typeof templateLabels]?.name ?? order.selectedTemplate)
    : 'Modèle à choisir';
  const monthly = order.billingPeriod === 'monthly';
  return (
    <li
      ref={setNodeRef}
      data-order-id={order.id}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        'relative flex flex-col gap-1 rounded-lg border bg-white p-2 text-xs shadow-xs',
        selected ? 'border-primary-400' : 'border-slate-200',
        isDragging && 'z-10 shadow-lg',
      )}
    >
      <button
        type="button"
        className="block w-full text-left text-sm font-semibold text-slate-900 wrap-anywhere hover:underline focus-visible:outline-2 focus-visible:outline-primary-500"
        onClick={() => onSelect(order.id)}
      >
        {orderTitle(order)}
      </button>
      <p className="text-slate-600">
        {template} · {billingLabel(order.billingPeriod)}
      </p>
      {order.totalWithVat !== null && (
        <p className="font-medium text-slate-800">
          {formatEurosTTC(order.totalWithVat)} {monthly ? 'de mise en service' : 'la 1re année'}
        </p>
      )}
      <Badge tone="neutral" compact className="w-fit">
        <span className="sr-only">Paiement : </span>
        {paid.label}
      </Badge>
      <FailedEmailsBadge count={order.failedEmails} compact />
      <NextStepLine step={order.nextStep} now={new Date().toISOString()} />
      <p className="text-slate-500">Dernière activité {ageLabel(order.lastActiveAt, new Date())}</p>
      {canAct && (
        <button
          type="button"
          {...listeners}
          {...attributes}
          aria-label={`Déplacer ${orderTitle(order)}`}
          className="mt-2 w-full cursor-grab rounded-md border border-dashed border-slate-300 px-2 py-1 text-xs text-slate-500 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-500 active:cursor-grabbing"
        >
          ⠿ Déplacer
        </button>
      )}
    </li>
  );
}
