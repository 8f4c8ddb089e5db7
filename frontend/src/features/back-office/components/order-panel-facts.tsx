import { type ReactNode } from 'react';

/** Label/value rows of a panel section; empty values are left out. */
export function Facts({ rows, label }: { rows: [string, ReactNode][]; label?: string }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return <p className="text-sm text-slate-500">Non renseigné</p>;
  return (
    <dl aria-label={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
      {shown.map(([rowLabel, value]) => (
        <div key={rowLabel} className="contents">
          <dt className="text-slate-500">{rowLabel}</dt>
          <dd className="text-slate-900 wrap-anywhere whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Colour({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="size-4 rounded border border-slate-300"
        style={{ backgroundColor: value }}
      />
      {value}
    </span>
  );
}

const withScheme = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

export function ExternalLink({ href, label }: { href: string; label?: string }) {
  return (
    <a
      href={withScheme(href)}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary-700 underline wrap-anywhere hover:text-primary-800"
    >
      {label ?? href}
    </a>
  );
}
