import { formatDateTime } from '@/lib/format-date';
import { type AdminOrderDetail } from '../api/get-admin-order';
import { PanelSection } from './admin-order-files';

/** Every action of the client the order keeps (payments, signature, files, brief, review), newest first. */
export function OrderClientActivity({ activity }: { activity: AdminOrderDetail['clientActivity'] }) {
  return (
    <PanelSection title="Actions du client">
      {activity.length === 0 ? (
        <p className="text-sm text-slate-500">Aucune action du client pour le moment</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm" aria-label="Actions du client">
          {activity.map((item, index) => (
            <li key={`${item.at}:${index}`} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3">
              <time dateTime={item.at} className="text-slate-500">
                {formatDateTime(item.at)}
              </time>
              <span className="text-slate-900 wrap-anywhere whitespace-pre-line">{item.text}</span>
            </li>
          ))}
        </ol>
      )}
    </PanelSection>
  );
}
