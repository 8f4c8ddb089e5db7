import { adminStatusLabels, type OrderStatus, orderStatuses } from '@coseso/domain/orders/order-status';
import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useState } from 'react';
import { showErrorToast } from '@/ui/toaster';
import { type AdminOrderRow } from '../api/get-admin-orders';
import { actionForMove, type AllowedAction } from '../utils/admin-actions';
import { type AdminListFilters } from '../utils/admin-order-filters';
import { boardPhases, phasedStatuses } from '../utils/board-phases';
import { AdminActionDialog } from './admin-action-dialog';
import { BoardColumn } from './admin-order-board-column';
import { orderTitle } from './admin-order-card';

interface AdminOrderBoardProps {
  adminId: string;
  canAct: boolean;
  /** The list's search and template: each column reads its own status's orders under them. */
  filters: AdminListFilters;
  selectedId: string | undefined;
  onSelect: (orderId: string) => void;
}

const label = (status: OrderStatus) => adminStatusLabels[status];

const forwardKeys = ['ArrowRight', 'ArrowDown'];
const backwardKeys = ['ArrowLeft', 'ArrowUp'];

/**
 * The keyboard moves a lifted card from status to status in the flow's order (the arrows), onto
 * the centre of each, instead of dnd-kit's default steps of a few pixels.
 */
const statusByStatus: KeyboardCoordinateGetter = (event, { active, context }) => {
  const step = forwardKeys.includes(event.code) ? 1 : backwardKeys.includes(event.code) ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const from = (context.over?.id ?? context.active?.data.current?.['status'] ?? active) as OrderStatus;
  const index = phasedStatuses.indexOf(from);
  const next = phasedStatuses[Math.min(phasedStatuses.length - 1, Math.max(0, index + step))];
  const rect = next ? context.droppableRects.get(next) : undefined;
  const size = context.collisionRect;
  if (!rect || !size) return undefined;
  return {
    x: rect.left + rect.width / 2 - size.width / 2,
    y: rect.top + Math.min(rect.height / 2, 40) - size.height / 2,
  };
};

/**
 * The status a card is over: for a pointer, the column under the pointer, as the person sees it
 * (a tall card held by its handle, at its foot, overlaps the columns above more than the one it is
 * aimed at); only between columns, the one the card overlaps most. For the keyboard (above), the
 * column holding the card's centre, whatever the card's height.
 */
const statusUnderPointer: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    return under.length > 0 ? under : rectIntersection(args);
  }
  const { collisionRect, droppableRects, droppableContainers } = args;
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  const under = droppableContainers.find((container) => {
    const rect = droppableRects.get(container.id);
    return rect && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
  });
  return under ? [{ id: under.id, data: { droppableContainer: under, value: 0 } }] : [];
};

/**
 * One column per phase of the flow, stacking its statuses; dragging a card onto a status opens the
 * same dialog as the list's action that leads there (mouse, touch or keyboard: space to lift,
 * arrows to move, space to drop, Escape to cancel). A drop where no action leads says why.
 */
export function AdminOrderBoard({ adminId, canAct, filters, selectedId, onSelect }: AdminOrderBoardProps) {
  const [dragged, setDragged] = useState<AdminOrderRow | null>(null);
  const [pending, setPending] = useState<{ order: AdminOrderRow; action: AllowedAction } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: statusByStatus }),
  );
  // Each card carries its order (the columns read their own pages).
  const orderOf = (active: { data: { current?: Record<string, unknown> } }) =>
    active.data.current?.['order'] as AdminOrderRow | undefined;
  const titleOf = (active: { data: { current?: Record<string, unknown> } }) => {
    const order = orderOf(active);
    return order ? orderTitle(order) : 'la commande';
  };
  const columnOf = (id: unknown) => (typeof id === 'string' ? label(id as OrderStatus) : '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${titleOf(active)} est saisie.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active)} est au-dessus de la colonne ${columnOf(over.id)}.`
        : `${titleOf(active)} n'est au-dessus d'aucune colonne.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active)} est déposée dans la colonne ${columnOf(over.id)}.`
        : `${titleOf(active)} est reposée : elle n'a été déposée sur aucune colonne.`,
    onDragCancel: ({ active }) => `Déplacement de ${titleOf(active)} annulé.`,
  };

  const allowedColumns = new Set(
    dragged ? orderStatuses.filter((status) => actionForMove(dragged, status) !== null) : [],
  );

  // Each card carries the actions its order allows; the server still decides (409 when it moved meanwhile).
  const onDragStart = ({ active }: DragStartEvent) => setDragged(orderOf(active) ?? null);

  // The drop opens the action's dialog, as the list's button does: every move is confirmed there.
  const onDragEnd = ({ over }: DragEndEvent) => {
    const order = dragged;
    setDragged(null);
    if (!order) return;
    // Let go off the board: nothing moves, and the team is told so (not only screen readers).
    if (!over) {
      showErrorToast(
        'Déplacement annulé',
        `${orderTitle(order)} n'a été déposée sur aucune colonne : elle reste en « ${label(order.status)} ». ` +
          'Déposez-la sur la colonne du statut voulu.',
      );
      return;
    }
    if (over.id === order.status) return;
    const to = over.id as OrderStatus;
    const move = actionForMove(order, to);
    if (!move) {
      showErrorToast(
        'Déplacement impossible',
        `${orderTitle(order)} ne peut pas passer de « ${label(order.status)} » à « ${label(to)} ». ` +
          'Ouvrez la commande pour voir les actions possibles.',
      );
      return;
    }
    setPending({ order, action: move });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={statusUnderPointer}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Pour déplacer une commande, appuyez sur Espace ou Entrée, utilisez les flèches pour choisir une colonne, puis Espace ou Entrée pour la déposer, ou Échap pour annuler.',
        },
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      // The columns fit the screen: no sideways scrolling that runs to the far end near an edge.
      autoScroll={{ threshold: { x: 0, y: 0.1 } }}
    >
      {/* One screen high: each column scrolls on its own, with its count. */}
      <div
        role="list"
        aria-label="Tableau des commandes"
        // Columns keep a readable width: beside the panel the board scrolls sideways in its own part.
        className="grid h-[calc(100dvh-2rem)] min-h-[32rem] grid-cols-[repeat(7,minmax(9.5rem,1fr))] gap-2 overflow-x-auto"
      >
        {boardPhases.map((phase) => (
          <div
            key={phase.title}
            role="listitem"
            aria-label={`Phase ${phase.title}`}
            className="flex min-h-0 min-w-0 flex-col gap-2 rounded-xl bg-slate-100 p-1.5"
          >
            <h3 className="px-1 pt-1 text-xs font-bold tracking-wide text-slate-600 uppercase">
              {phase.title}
            </h3>
            {phase.statuses.map((status) => (
              <BoardColumn
                key={status}
                status={status}
                accepting={allowedColumns.has(status)}
                dragging={dragged !== null}
                filters={filters}
                canAct={canAct}
                selectedId={selectedId}
                onSelect={onSelect}
              />
            ))}
          </div>
        ))}
      </div>
      {pending && (
        <AdminActionDialog
          adminId={adminId}
          order={pending.order}
          action={pending.action}
          onClose={() => setPending(null)}
        />
      )}
    </DndContext>
  );
}
