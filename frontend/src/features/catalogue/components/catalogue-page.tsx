import { applyCatalogueChanges } from '@coseso/domain/catalogue/catalogue-decider';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { withVat } from '@coseso/domain/pricing/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { VersionComparison } from '@/ui/version-comparison';
import { isApiError } from '@/lib/api';
import { type CatalogueInForce } from '@/lib/catalogue';
import { useAdminSession } from '@/lib/admin-session/use-admin-session';
import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Field, FieldError } from '@/ui/field';
import { Input } from '@/ui/input';
import { SectionCard, SectionError } from '@/ui/section-card';
import { Select } from '@/ui/select';
import { Textarea } from '@/ui/textarea';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import {
  type CatalogueHistoryEntry,
  catalogueHistoryQueryOptions,
  usePublishCatalogueVersion,
} from '../api/catalogue-versions';
import {
  type EditKind,
  changeOf,
  currentValue,
  editKindKeys,
  editKinds,
  targetsOf,
} from '../utils/catalogue-edits';
import {
  catalogueVersionFields,
  describeChange,
  periodLabels,
  versionPublication,
  versionSince,
} from '../utils/catalogue-labels';

type Grid = CatalogueHistoryEntry['grid'];
type Change = CatalogueHistoryEntry['changes'][number];

const euros = (cents: number) => formatEuros(cents, { decimals: 'auto' });

/** « Offres et tarifs » in the back-office: the version in force, a new version to preview and publish, the history. */
export function CataloguePage({
  renderPreview,
}: {
  /** Renders /pricing and the wizard's step 3 as this version, not yet published, would make them. */
  renderPreview: (draft: CatalogueInForce) => ReactNode;
}) {
  const history = useQuery(catalogueHistoryQueryOptions());
  const canWrite = useAdminSession().user.role === 'admin';
  const current = history.data?.versions.find((v) => v.version === history.data?.inForce);
  const latest = history.data?.versions[0];
  return (
    <>
      <title>Offres et tarifs · Coseso</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Offres et tarifs</h1>
          <p className="text-slate-600">
            Les prix et les textes des offres, en versions numérotées. Une commande garde la version à
            laquelle elle a été chiffrée : publier une version ne change jamais le prix d’une commande déjà
            passée.
          </p>
        </div>
        {history.isError && <SectionError message="Impossible de charger le catalogue." />}
        {current && <GridSection entry={current} />}
        {canWrite && latest && <NewVersionSection latest={latest} renderPreview={renderPreview} />}
        {history.data && <HistorySection versions={history.data.versions} inForce={history.data.inForce} />}
        {history.data && (
          <VersionComparison
            id="catalogue-comparaison"
            versions={history.data.versions.map((v) => ({ version: v.version, document: v.grid }))}
            fields={(after) => catalogueVersionFields(after.document as Grid)}
          />
        )}
      </div>
    </>
  );
}

function GridSection({ entry }: { entry: CatalogueHistoryEntry }) {
  const { grid } = entry;
  return (
    <SectionCard
      id="catalogue-en-vigueur"
      title={`Version ${entry.version} en vigueur`}
      description={`${entry.version === 1 || entry.effectiveFrom === null ? 'Version initiale, en vigueur dès l’ouverture des commandes' : `Depuis le ${formatDateTime(entry.effectiveFrom)}`}. TVA ${grid.vatRatePercent} %, acompte ${grid.depositPercent} %, majoration mensuelle ${grid.monthlyMarkupPercent} %.`}
    >
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Modèles de site</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-2 pr-4">
                Modèle
              </th>
              <th scope="col" className="py-2 pr-4">
                Base mensuelle
              </th>
              <th scope="col" className="py-2 pr-4">
                Prix annuel
              </th>
              <th scope="col" className="py-2 pr-4">
                Mise en service
              </th>
              <th scope="col" className="py-2">
                Caractéristiques sur /pricing
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(grid.templates).map(([key, template]) => (
              <tr key={key} className="border-t border-slate-200">
                <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                  {template.recapLabel}
                  {template.landingLabel !== template.recapLabel && (
                    <span className="block text-xs font-normal text-slate-600">
                      « {template.landingLabel} » sur l’accueil
                    </span>
                  )}
                </th>
                <td className="py-2 pr-4">{euros(template.monthlyBaseHT)} HT</td>
                <td className="py-2 pr-4">
                  {euros(12 * template.monthlyBaseHT)} HT ({euros(withVat(12 * template.monthlyBaseHT))} TTC)
                </td>
                <td className="py-2 pr-4">{euros(template.launchFeeHT)} HT</td>
                <td className="py-2">{template.features.join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-4 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        {Object.entries(grid.options).map(([key, option]) => (
          <li key={key}>
            {option.label} : {euros(option.priceHT)} HT {periodLabels[option.period]}
          </li>
        ))}
        {Object.entries(grid.domainPricesHT).map(([extension, price]) => (
          <li key={extension}>
            Domaine {extension} : {euros(price)} HT par an
          </li>
        ))}
        <li>Logo ou contenus par IA : {euros(grid.logoContentPricesHT.ai)} HT une fois</li>
        <li>Logo ou contenus professionnels : {euros(grid.logoContentPricesHT.professional)} HT une fois</li>
        <li>
          {grid.accountManager.label} : {euros(grid.accountManager.yearlyPriceHT)} HT par an, réglé en une
          fois
        </li>
        <li>
          Solution Express (bientôt disponible) : à partir de {euros(grid.expressCreationFromMonthlyHT)} HT
          par mois
        </li>
        <li>
          Hébergeur externe recommandé (non vendu par l’agence) : à partir de{' '}
          {euros(grid.externalHostFromMonthlyHT)} HT par mois
        </li>
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        <span className="font-medium text-slate-900">L’hébergement Coseso comprend :</span>{' '}
        {grid.hostingIncludes.join(' · ')}
      </p>
    </SectionCard>
  );
}

/** Where the server's refusal goes: next to the field it names, the changes' list otherwise. */
interface Problems {
  reason?: string;
  effectiveFrom?: string;
  changes?: string;
  /** The change the server named (`changes.N`), by its index. */
  change?: { index: number; message: string };
}

function problemsOf(error: unknown): Problems | null {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 409 && error.status !== 422))
    return null;
  const message = error.serverMessage ?? 'La version n’a pas pu être publiée.';
  const fields = error.fields ?? {};
  const problems: Problems = {};
  for (const [field, text] of Object.entries(fields)) {
    const indexed = /^changes\.(\d+)/.exec(field);
    if (field === 'reason') problems.reason = `${message} ${text}`;
    else if (field === 'effectiveFrom') problems.effectiveFrom = `${message} ${text}`;
    else if (indexed) problems.change = { index: Number(indexed[1]), message: `${message} ${text}` };
    else problems.changes = `${message} ${text}`;
  }
  if (!problems.reason && !problems.effectiveFrom && !problems.change && !problems.changes)
    problems.changes = message;
  return problems;
}

function NewVersionSection({
  latest,
  renderPreview,
}: {
  latest: CatalogueHistoryEntry;
  renderPreview: (draft: CatalogueInForce) => ReactNode;
}) {
  const [kind, setKind] = useState<EditKind>('monthlyBaseHT');
  const [target, setTarget] = useState('onepage');
  const [value, setValue] = useState(() => currentValue('monthlyBaseHT', 'onepage', latest.grid));
  const [valueError, setValueError] = useState<string>();
  const [changes, setChanges] = useState<Change[]>([]);
  const [reason, setReason] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [previewing, setPreviewing] = useState(false);
  const publish = usePublishCatalogueVersion();
  const preview = useMemo(() => applyCatalogueChanges(latest.grid, changes), [latest.grid, changes]);
  const nextVersion = latest.version + 1;
  // The version as /pricing and the wizard would read it once in force (dated now when not scheduled).
  const draft = useMemo<CatalogueInForce>(() => {
    const now = new Date().toISOString();
    return {
      version: nextVersion,
      effectiveFrom: effectiveFrom ? new Date(effectiveFrom).toISOString() : now,
      publishedAt: now,
      // The pages previewed do not show the reason: typing it does not render them again.
      reason: '',
      grid: preview,
    };
  }, [nextVersion, effectiveFrom, preview]);
  const definition = editKinds[kind];
  const targets = targetsOf(kind, preview);
  const changesErrorId = 'catalogue-changements-erreur';

  const choose = (nextKind: EditKind, nextTarget?: string) => {
    const resolved = nextTarget ?? targetsOf(nextKind, preview)[0]?.[0] ?? '';
    setKind(nextKind);
    setTarget(resolved);
    // The field opens on its value in the version being made: change it, do not type it all again.
    setValue(currentValue(nextKind, resolved, preview));
    setValueError(undefined);
  };
  const add = () => {
    const change = changeOf(kind, target, value);
    if (typeof change === 'string') return setValueError(change);
    setValueError(undefined);
    setProblems({});
    setChanges([...changes, change]);
  };
  const remove = (index: number) => {
    setProblems({});
    setChanges(changes.filter((_, i) => i !== index));
  };
  const submit = () => {
    if (!reason.trim()) return setProblems({ reason: 'Indiquez la raison du changement.' });
    setProblems({});
    publish.mutate(
      {
        changes: changes as never,
        reason,
        effectiveFrom: effectiveFrom ? new Date(effectiveFrom).toISOString() : null,
      },
      {
        onSuccess: ({ version }) => {
          showSuccessToast(
            effectiveFrom ? `Version ${version.version} programmée` : `Version ${version.version} publiée`,
            version.effectiveFrom ? `En vigueur le ${formatDateTime(version.effectiveFrom)}` : undefined,
          );
          setChanges([]);
          setReason('');
          setEffectiveFrom('');
          setPreviewing(false);
        },
        onError: (error) => {
          const refused = problemsOf(error);
          if (refused) setProblems(refused);
          else showErrorToast('Publication impossible', 'Veuillez réessayer.');
        },
      },
    );
  };
  const changesProblem = problems.changes;

  return (
    <SectionCard
      id="catalogue-nouvelle-version"
      title={`Nouvelle version (${nextVersion})`}
      description="Ajoutez les changements, vérifiez l’aperçu, puis publiez pour maintenant ou pour une date à venir. Les montants sont hors taxes (HT)."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Changement">
          {(control) => (
            <Select {...control} value={kind} onChange={(e) => choose(e.target.value as EditKind)}>
              {editKindKeys.map((key) => (
                <option key={key} value={key}>
                  {editKinds[key].label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {targets.length > 0 && (
          <Field label="Élément">
            {(control) => (
              <Select {...control} value={target} onChange={(e) => choose(kind, e.target.value)}>
                {targets.map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field
          label={definition.valueLabel}
          error={valueError}
          className={definition.input === 'lines' ? 'sm:col-span-2' : undefined}
        >
          {(control) =>
            definition.input === 'lines' ? (
              <Textarea {...control} rows={5} value={value} onChange={(e) => setValue(e.target.value)} />
            ) : definition.input === 'period' ? (
              <Select {...control} value={value} onChange={(e) => setValue(e.target.value)}>
                {Object.entries(periodLabels).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                {...control}
                inputMode={
                  definition.input === 'amount'
                    ? 'decimal'
                    : definition.input === 'percent'
                      ? 'numeric'
                      : undefined
                }
                maxLength={definition.input === 'text' ? 200 : undefined}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            )
          }
        </Field>
      </div>
      <div className="mt-3">
        <Button variant="outline" onClick={add}>
          Ajouter ce changement
        </Button>
      </div>

      {changes.length > 0 && (
        <div className="mt-6 flex flex-col gap-4">
          <div>
            <h3 className="font-semibold text-slate-900">Aperçu de la version {nextVersion}</h3>
            <ul
              aria-label={`Changements de la version ${nextVersion}`}
              aria-describedby={changesProblem ? changesErrorId : undefined}
              className="mt-2 flex flex-col gap-2 text-sm text-slate-700"
            >
              {changes.map((change, i) => {
                const problem = problems.change?.index === i ? problems.change.message : undefined;
                const text = describeChange(change, applyCatalogueChanges(latest.grid, changes.slice(0, i)));
                return (
                  <li key={i} className="flex flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-3">
                      <span>{text}</span>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Retirer le changement « ${text} »`}
                        onClick={() => remove(i)}
                      >
                        Retirer
                      </Button>
                    </div>
                    {problem && <FieldError>{problem}</FieldError>}
                  </li>
                );
              })}
            </ul>
            {changesProblem && (
              <div role="alert" className="mt-2">
                <FieldError id={changesErrorId}>{changesProblem}</FieldError>
              </div>
            )}
            <p className="mt-2 text-sm text-slate-700">
              Prix annuels sur /pricing :{' '}
              {Object.values(preview.templates)
                .map((t) => `${t.recapLabel} ${euros(12 * t.monthlyBaseHT)} HT`)
                .join(' · ')}
            </p>
            <Button
              className="mt-3"
              variant="outline"
              aria-expanded={previewing}
              aria-controls="catalogue-apercu"
              onClick={() => setPreviewing(!previewing)}
            >
              {previewing ? 'Fermer l’aperçu' : 'Prévisualiser /pricing et l’étape 3'}
            </Button>
          </div>
          {previewing && (
            <section
              id="catalogue-apercu"
              aria-label={`Aperçu de la version ${nextVersion}, non publiée`}
              className="rounded-xl border-2 border-dashed border-amber-400 bg-slate-50 p-4"
            >
              <p className="mb-4 text-sm font-medium text-amber-900">
                Aperçu : ces pages telles que les visiteurs les verront quand la version {nextVersion} sera en
                vigueur. Rien n’est publié tant que vous ne cliquez pas sur « Publier » ou « Programmer ».
              </p>
              {renderPreview(draft)}
            </section>
          )}
          <Field label="Raison du changement" required error={problems.reason}>
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                maxLength={2000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Date d’effet"
            description="Vide : dès la publication. Heure de Paris."
            error={problems.effectiveFrom}
          >
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={effectiveFrom}
                onChange={(e) => setEffectiveFrom(e.target.value)}
              />
            )}
          </Field>
          <div className="flex gap-3">
            <Button onClick={submit} disabled={publish.isPending}>
              {effectiveFrom ? `Programmer la version ${nextVersion}` : `Publier la version ${nextVersion}`}
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setChanges([]);
                setProblems({});
                setPreviewing(false);
              }}
            >
              Abandonner
            </Button>
          </div>
        </div>
      )}
    </SectionCard>
  );
}

function HistorySection({ versions, inForce }: { versions: CatalogueHistoryEntry[]; inForce: number }) {
  return (
    <SectionCard id="catalogue-historique" title="Historique des versions">
      <ol className="flex flex-col gap-4">
        {versions.map((entry, i) => {
          const before = versions[i + 1]?.grid ?? entry.grid;
          return (
            <li key={entry.version} className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
              <p className="font-medium text-slate-900">
                Version {entry.version}
                {entry.version === inForce
                  ? ' (en vigueur)'
                  : entry.version > inForce
                    ? ' (programmée)'
                    : ''}{' '}
                — {versionSince(entry)}
              </p>
              <p className="text-sm text-slate-600">{versionPublication(entry)}</p>
              <p className="text-sm text-slate-700">
                {entry.orders === 0 ? (
                  'Aucune commande chiffrée à cette version'
                ) : (
                  <Link
                    to="/admin"
                    // A number, as the list's search schema keeps it: the URL says ?catalogueVersion=2.
                    search={{ catalogueVersion: entry.version }}
                    className="font-medium text-primary-700 underline underline-offset-2"
                  >
                    {entry.orders} {entry.orders > 1 ? 'commandes chiffrées' : 'commande chiffrée'} à la
                    version {entry.version}
                  </Link>
                )}
              </p>
              {entry.changes.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                  {entry.changes.map((change, j) => (
                    <li key={j}>{describeChange(change, before)}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </SectionCard>
  );
}
