import { adminStatusLabels, type OrderStatus, orderStatuses } from '@coseso/domain/orders/order-status';
import { templateLabels } from '@coseso/domain/orders/wizard';
import { formatEurosHT } from '@coseso/domain/pricing/format-euros';
import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { showErrorToast } from '@/ui/toaster';
import { type AdminOrderRow } from '../api/get-admin-orders';
import { actionForMove, type AllowedAction } from '../utils/admin-actions';
import { billingLabel } from '../utils/billing-label';
import { ageLabel, boardPhases, nextStepLabel, phasedStatuses } from '../utils/board-phases';
import { AdminActionDialog } from './admin-action-dialog';
import { orderTitle } from './admin-order-card';
import { FailedEmailsBadge } from './failed-emails-badge';

interface AdminOrderBoardProps {
  adminId: string;
  canAct: boolean;
  orders: AdminOrderRow[];
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
 * The keyboard puts the card on a status (above); the status it is over is the one holding the
 * card's centre, whatever the card's height. Overlaps decide only for a pointer: a tall card set
 * on a short column overlaps its neighbours in the phase, and could be counted over one of them.
 */
const statusUnderCentre: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return rectIntersection(args);
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
export function AdminOrderBoard({ adminId, canAct, orders, selectedId, onSelect }: AdminOrderBoardProps) {
  const [dragged, setDragged] = useState<AdminOrderRow | null>(null);
  const [pending, setPending] = useState<{ order: AdminOrderRow; action: AllowedAction } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: statusByStatus }),
  );
  const titleOf = (id: unknown) => {
    const order = orders.find((o) => o.id === id);
    return order ? orderTitle(order) : 'la commande';
  };
  const columnOf = (id: unknown) => (typeof id === 'string' ? label(id as OrderStatus) : '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${titleOf(active.id)} est saisie.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} est au-dessus de la colonne ${columnOf(over.id)}.`
        : `${titleOf(active.id)} n'est au-dessus d'aucune colonne.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} est déposée dans la colonne ${columnOf(over.id)}.`
        : `${titleOf(active.id)} est reposée.`,
    onDragCancel: ({ active }) => `Déplacement de ${titleOf(active.id)} annulé.`,
  };

  const allowedColumns = new Set(
    dragged ? orderStatuses.filter((status) => actionForMove(dragged, status) !== null) : [],
  );

  // Each card carries the actions its order allows; the server still decides (409 when it moved meanwhile).
  const onDragStart = ({ active }: DragStartEvent) =>
    setDragged(orders.find((order) => order.id === active.id) ?? null);

  // The drop opens the action's dialog, as the list's button does: every move is confirmed there.
  const onDragEnd = ({ over }: DragEndEvent) => {
    const order = dragged;
    setDragged(null);
    if (!order || !over || over.id === order.status) return;
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
      collisionDetection={statusUnderCentre}
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
      <div role="list" aria-label="Tableau des commandes" className="grid grid-cols-7 gap-2">
        {boardPhases.map((phase) => (
          <div
            key={phase.title}
            role="listitem"
            aria-label={`Phase ${phase.title}`}
            className="flex min-w-0 flex-col gap-2 rounded-xl bg-slate-100 p-1.5"
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
                orders={orders.filter((order) => order.status === status)}
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

function BoardColumn({
  status,
  accepting,
  dragging,
  orders,
  canAct,
  selectedId,
  onSelect,
}: {
  status: OrderStatus;
  accepting: boolean;
  dragging: boolean;
  orders: AdminOrderRow[];
  canAct: boolean;
  selectedId: string | undefined;
  onSelect: (orderId: string) => void;
}) {
  // Every status takes a drop, so that a refused one can be explained.
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <div
      ref={setNodeRef}
      data-status={status}
      data-accepting={accepting || undefined}
      data-over={isOver || undefined}
      aria-label={`Colonne ${label(status)}`}
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-lg border bg-white/60 p-1.5 transition-colors',
        dragging && accepting ? 'border-primary-400 bg-primary-50' : 'border-transparent',
        dragging && !accepting && 'opacity-60',
        isOver && (accepting ? 'ring-2 ring-primary-500' : 'ring-2 ring-red-300'),
      )}
    >
      <h3 className="flex items-center justify-between px-1 text-sm font-semibold text-slate-800">
        {label(status)} <span className="text-xs font-normal text-slate-500">{orders.length}</span>
      </h3>
      <ul aria-label={`Commandes : ${label(status)}`} className="flex min-h-10 flex-col gap-2">
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
    data: { status: order.status },
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
      {order.totalAmount !== null && (
        <p className="font-medium text-slate-800">
          {formatEurosHT(order.totalAmount)} {monthly ? 'de mise en service' : 'la 1re année'}
        </p>
      )}
      <Badge tone="neutral" className="w-fit text-[11px]">
        <span className="sr-only">Paiement : </span>
        {paid.label}
      </Badge>
      <FailedEmailsBadge count={order.failedEmails} className="text-[11px]" />
      <p className="text-slate-700">{nextStepLabel(order)}</p>
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
