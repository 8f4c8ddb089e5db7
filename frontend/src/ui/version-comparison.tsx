import { useState } from 'react';
import { type VersionFields, versionDifferences } from '@/lib/version-diff';
import { Field } from '@/ui/field';
import { SectionCard } from '@/ui/section-card';
import { Select } from '@/ui/select';

export interface ComparedVersion {
  version: number;
  /** The whole versioned document: the identity, or the catalogue's grid. */
  document: unknown;
}

/**
 * « Comparer deux versions »: two versions chosen by number (the one before the latest, and the
 * latest, at first) and what differs between them, field by field, before → after.
 */
export function VersionComparison(props: ComparisonProps) {
  // A version recorded while the page is open starts the comparison again, from it.
  return <Comparison key={props.versions[0]?.version} {...props} />;
}

interface ComparisonProps {
  id: string;
  /** Every version, the latest first, as the histories answer them. */
  versions: readonly ComparedVersion[];
  fields: (after: ComparedVersion) => VersionFields;
}

function Comparison({ id, versions, fields }: ComparisonProps) {
  const latest = versions[0]?.version ?? 1;
  const [from, setFrom] = useState(Math.max(1, latest - 1));
  const [to, setTo] = useState(latest);
  const before = versions.find((v) => v.version === from);
  const after = versions.find((v) => v.version === to);
  const differences =
    before && after ? versionDifferences(before.document, after.document, fields(after)) : [];
  const choice = (value: number, choose: (version: number) => void) => (control: object) => (
    <Select {...control} value={value} onChange={(e) => choose(Number(e.target.value))}>
      {versions.map((v) => (
        <option key={v.version} value={v.version}>
          Version {v.version}
        </option>
      ))}
    </Select>
  );

  return (
    <SectionCard id={id} title="Comparer deux versions">
      {versions.length < 2 ? (
        <p className="text-sm text-slate-600">Une seule version pour l’instant : rien à comparer.</p>
      ) : (
        <>
          <div className="grid gap-4 sm:max-w-md sm:grid-cols-2">
            <Field label="De la version">{choice(from, setFrom)}</Field>
            <Field label="À la version">{choice(to, setTo)}</Field>
          </div>
          {differences.length === 0 ? (
            <p className="text-sm text-slate-600" role="status">
              Aucune différence entre la version {from} et la version {to}.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">
                  Différences de la version {from} à la version {to}
                </caption>
                <thead>
                  <tr className="text-slate-600">
                    <th scope="col" className="py-2 pr-4">
                      Champ
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Version {from}
                    </th>
                    <th scope="col" className="py-2">
                      Version {to}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {differences.map((difference) => (
                    <tr key={difference.path} className="border-t border-slate-200 align-top">
                      <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                        {difference.label}
                      </th>
                      <td className="py-2 pr-4 text-slate-700">
                        <del className="decoration-slate-400">{difference.before}</del>
                      </td>
                      <td className="py-2 text-slate-900">
                        <span aria-hidden="true">→ </span>
                        <ins className="no-underline">{difference.after}</ins>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
}
