import { adminStatusLabels, type OrderStatus, orderStatuses } from '@coseso/domain/orders/order-status';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { serverMessageOr } from '@/lib/form-errors';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type AdminOrderRow } from '../api/get-admin-orders';
import { useAdminAction } from '../api/run-admin-action';
import { actionForMove, type AllowedAction, presentationOf } from '../utils/admin-actions';
import { AdminActionDialog } from './admin-action-dialog';
import { orderTitle } from './admin-order-card';

interface AdminOrderBoardProps {
  token: string;
  adminId: string;
  canAct: boolean;
  orders: AdminOrderRow[];
  selectedId: string | undefined;
  onSelect: (orderId: string) => void;
}

const label = (status: OrderStatus) => adminStatusLabels[status];

/**
 * One column per status; dragging a card onto a column runs the action that leads there. Only the
 * columns the order's allowed actions lead to accept the drop (mouse, touch or keyboard: space to
 * lift, arrows to move, space to drop, Escape to cancel).
 */
export function AdminOrderBoard({
  token,
  adminId,
  canAct,
  orders,
  selectedId,
  onSelect,
}: AdminOrderBoardProps) {
  const mutation = useAdminAction(token, adminId);
  const [dragged, setDragged] = useState<AdminOrderRow | null>(null);
  const [pending, setPending] = useState<{ order: AdminOrderRow; action: AllowedAction } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
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

  const onDragEnd = ({ over }: DragEndEvent) => {
    const order = dragged;
    setDragged(null);
    if (!order || !over) return;
    const move = actionForMove(order, over.id as OrderStatus);
    if (!move) return;
    const definition = presentationOf(move);
    if (definition.input.kind !== 'none') {
      setPending({ order, action: move });
      return;
    }
    mutation.mutate(
      { orderId: order.id, action: move, values: {} },
      {
        onSuccess: () => showSuccessToast(definition.success),
        onError: (error) => showErrorToast('Erreur', serverMessageOr(error, definition.failure)),
      },
    );
  };

  return (
    <DndContext
      sensors={sensors}
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
    >
      <div className="-mx-1 overflow-x-auto pb-2">
        <div role="list" aria-label="Tableau des commandes" className="flex min-w-max gap-3 px-1">
          {orderStatuses.map((status) => (
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
      </div>
      {pending && (
        <AdminActionDialog
          token={token}
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
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: !accepting });
  return (
    <div
      role="listitem"
      ref={setNodeRef}
      data-status={status}
      data-accepting={accepting || undefined}
      aria-label={`Colonne ${label(status)}`}
      className={cn(
        'flex w-56 shrink-0 flex-col gap-2 rounded-xl border bg-slate-100 p-2 transition-colors',
        dragging && accepting ? 'border-primary-400 bg-primary-50' : 'border-transparent',
        dragging && !accepting && 'opacity-60',
        isOver && accepting && 'ring-2 ring-primary-500',
      )}
    >
      <h3 className="flex items-center justify-between px-1 text-sm font-semibold text-slate-800">
        {label(status)} <span className="text-xs font-normal text-slate-500">{orders.length}</span>
      </h3>
      <ul aria-label={`Commandes : ${label(status)}`} className="flex min-h-16 flex-col gap-2">
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
    disabled: !canAct,
  });
  const paid = order.payment;
  return (
    <li
      ref={setNodeRef}
      data-order-id={order.id}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        'relative rounded-lg border bg-white p-3 text-sm shadow-xs',
        selected ? 'border-primary-400' : 'border-slate-200',
        isDragging && 'z-10 shadow-lg',
      )}
    >
      <button
        type="button"
        className="block w-full text-left font-semibold text-slate-900 wrap-anywhere hover:underline focus-visible:outline-2 focus-visible:outline-primary-500"
        onClick={() => onSelect(order.id)}
      >
        {orderTitle(order)}
      </button>
      <p className="text-xs text-slate-600">{paid.label}</p>
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
