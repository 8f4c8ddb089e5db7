import { type FactChange, type StateFact } from '../utils/order-state-facts';

/** What changed, field by field: before → after. */
export function StateDiff({ changes, label }: { changes: FactChange[]; label: string }) {
  if (changes.length === 0) return <p className="text-sm text-slate-500">Aucun changement visible.</p>;
  return (
    <table className="w-full table-fixed border-collapse text-sm" aria-label={label}>
      <thead>
        <tr className="text-left text-slate-500">
          <th scope="col" className="w-1/3 py-1 pr-2 font-medium">
            Champ
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Avant
          </th>
          <th scope="col" className="py-1 font-medium">
            Après
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.key} className="border-t border-slate-100 align-top">
            <th scope="row" className="py-1.5 pr-2 text-left font-medium text-slate-800 wrap-anywhere">
              {change.label}
            </th>
            <td className="py-1.5 pr-2 text-slate-500 line-through decoration-slate-300 wrap-anywhere">
              {change.before}
            </td>
            <td className="py-1.5 text-slate-900 wrap-anywhere">{change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The order's full state at one point, as labelled lines. */
export function StateFacts({ facts, label }: { facts: StateFact[]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(0,14rem)_1fr]"
    >
      {facts.map((fact) => (
        <div key={fact.key} className="contents" data-fact={fact.key}>
          <dt className="text-slate-500 wrap-anywhere">{fact.label}</dt>
          <dd className="text-slate-900 wrap-anywhere">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
