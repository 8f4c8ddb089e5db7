import { agencyIdentityFields } from '@coseso/event-schemas/identity/identity-events';
import { useQuery } from '@tanstack/react-query';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { VersionComparison } from '@/ui/version-comparison';
import { useAdminSession } from '@/lib/admin-session/use-admin-session';
import { serverMessageOr } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Field, FieldError } from '@/ui/field';
import { Input } from '@/ui/input';
import { SectionCard, SectionError } from '@/ui/section-card';
import { Textarea } from '@/ui/textarea';
import { showSuccessToast } from '@/ui/toaster';
import {
  type IdentityVersion,
  identityHistoryQueryOptions,
  useChangeAgencyIdentity,
} from '../api/agency-identity';
import {
  type IdentityFormValues,
  formValuesOf,
  identityFieldLabels,
  identityFormProblems,
  identityOf,
  identityVersionFields,
} from '../utils/identity-fields';

/**
 * « Identité de l'agence » in the back-office: the seller the next invoices, contracts and legal
 * pages name. Admins record a new version with a reason; auditors read; every version stays, and
 * any two of them can be compared.
 */
export function AgencyIdentityPage() {
  const history = useQuery(identityHistoryQueryOptions());
  const canWrite = useAdminSession().user.role === 'admin';
  const current = history.data?.versions.find((v) => v.version === history.data?.current);
  return (
    <>
      <title>Identité de l’agence · Coseso</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Identité de l’agence</h1>
          <p className="text-slate-600">
            Le vendeur que nomment les factures, le contrat et les mentions légales. Un changement vaut pour
            les documents émis après lui : une facture ou un contrat déjà émis ne change jamais.
          </p>
        </div>
        {history.isError && <SectionError message="Impossible de charger l’identité de l’agence." />}
        {current &&
          (canWrite ? (
            // Keyed by version: once a version is recorded, the form starts again from it.
            <IdentityForm key={current.version} current={current} />
          ) : (
            <IdentityReadOnly current={current} />
          ))}
        {history.data && <HistorySection versions={history.data.versions} current={history.data.current} />}
        {history.data && (
          <VersionComparison
            id="identite-comparaison"
            versions={history.data.versions.map((v) => ({ version: v.version, document: v.identity }))}
            fields={() => identityVersionFields}
          />
        )}
      </div>
    </>
  );
}

const versionTitle = (version: IdentityVersion) => `Version ${version.version} en vigueur`;
const versionSince = (version: IdentityVersion) =>
  `Depuis le ${formatDateTime(version.changedAt)}, pour les documents émis depuis.`;

const identityResolver: Resolver<IdentityFormValues> = (values) => {
  const problems = identityFormProblems(values);
  const errors: FieldErrors<IdentityFormValues> = {};
  for (const [field, message] of Object.entries(problems))
    errors[field as keyof IdentityFormValues] = { type: 'validate', message };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

function IdentityForm({ current }: { current: IdentityVersion }) {
  const change = useChangeAgencyIdentity();
  const form = useForm<IdentityFormValues>({
    defaultValues: formValuesOf(current.identity),
    resolver: identityResolver,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    if (change.isPending) return;
    change.mutate(
      { identity: identityOf(values), reason: values.reason.trim() },
      {
        onSuccess: ({ version }) =>
          showSuccessToast(
            `Version ${version.version} enregistrée`,
            'Les prochains documents émis nomment cette identité.',
          ),
        onError: (error) =>
          form.setError('root', {
            type: 'server',
            message: serverMessageOr(error, 'Enregistrement impossible. Veuillez réessayer.'),
          }),
      },
    );
  });

  return (
    <SectionCard id="identite-en-vigueur" title={versionTitle(current)} description={versionSince(current)}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Identité de l’agence">
        <div className="grid gap-4 sm:grid-cols-2">
          {agencyIdentityFields.map((field) => (
            <Field key={field} label={identityFieldLabels[field]} required error={errors[field]?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register(field)}
                  inputMode={
                    field === 'shareCapitalEuros' || field === 'postcode' || field === 'siret'
                      ? 'numeric'
                      : undefined
                  }
                  type={field === 'email' ? 'email' : 'text'}
                  spellCheck={false}
                />
              )}
            </Field>
          ))}
        </div>
        <Field
          label="Raison du changement"
          required
          description="Gardée dans l’historique, avec votre nom et la date."
          error={errors.reason?.message}
        >
          {(control) => <Textarea {...control} {...form.register('reason')} rows={2} maxLength={2000} />}
        </Field>
        {errors.root?.message && <FieldError>{errors.root.message}</FieldError>}
        <Button
          type="submit"
          className="self-start"
          pending={change.isPending}
          pendingLabel="Enregistrement..."
        >
          Enregistrer la version {current.version + 1}
        </Button>
      </form>
    </SectionCard>
  );
}

function IdentityReadOnly({ current }: { current: IdentityVersion }) {
  return (
    <SectionCard
      id="identite-en-vigueur"
      title={versionTitle(current)}
      description={`${versionSince(current)} Lecture seule : seul un administrateur la modifie.`}
    >
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {agencyIdentityFields.map((field) => (
          <div key={field}>
            <dt className="text-slate-600">{identityFieldLabels[field]}</dt>
            <dd className="font-medium text-slate-900 wrap-anywhere">
              {identityVersionFields.value([field], current.identity[field])}
            </dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

function HistorySection({ versions, current }: { versions: IdentityVersion[]; current: number }) {
  return (
    <SectionCard id="identite-historique" title="Historique des versions">
      <ol className="flex flex-col gap-4">
        {versions.map((entry) => (
          <li key={entry.version} className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
            <p className="font-medium text-slate-900">
              Version {entry.version}
              {entry.version === current ? ' (en vigueur)' : ''} — en vigueur le{' '}
              {formatDateTime(entry.changedAt)}
            </p>
            <p className="text-sm text-slate-600">
              Par {entry.changedBy} : « {entry.reason} »
            </p>
            {entry.changedFields.length > 0 && (
              <p className="text-sm text-slate-700">
                Champs modifiés : {entry.changedFields.map((f) => identityFieldLabels[f]).join(', ')}
              </p>
            )}
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}
