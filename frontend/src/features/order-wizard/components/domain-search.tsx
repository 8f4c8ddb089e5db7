import { domainExtensions } from '@coseso/event-schemas/order/order-values';
import { formatEuros } from '@coseso/domain/pricing/format-euros';
import { type DomainExtension, FIRST_PRICE_GRID } from '@coseso/domain/pricing/pricing-grid';
import { useFormContext, useWatch } from 'react-hook-form';
import { isApiError } from '@/lib/api';
import { catalogueQueryOptions, priceGridOf } from '@/lib/catalogue';
import { useCachedQuery } from '@/lib/use-cached-query';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { showErrorToast } from '@/ui/toaster';
import { type DomainCheckResult, useCheckDomain } from '../api/check-domain';
import { type WizardValues } from '../utils/wizard-values';

const yearly = (cents: number) => `${formatEuros(cents, { decimals: 'auto' })} HT/an`;

/** "monsite.com" typed in the name field: the name, and the extension it ends with if we sell it. */
function splitTypedDomain(typed: string): { name: string; extension?: DomainExtension } {
  const name = typed
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '');
  const extension = domainExtensions.find((ext) => name.endsWith(ext) && name.length > ext.length);
  return extension ? { name: name.slice(0, -extension.length), extension } : { name };
}

export function DomainSearch() {
  const { register, setValue, getValues } = useFormContext<WizardValues>();
  const [name, extension, selected] = useWatch<
    WizardValues,
    ['hostingOptions.newDomainName', 'hostingOptions.domainExtension', 'selectedDomain']
  >({ name: ['hostingOptions.newDomainName', 'hostingOptions.domainExtension', 'selectedDomain'] });
  const check = useCheckDomain();
  // At the catalogue version in force, as the recap prices (the first version's until it is loaded).
  const catalogue = useCachedQuery(catalogueQueryOptions());
  const prices = (catalogue ? priceGridOf(catalogue) : FIRST_PRICE_GRID).domainPricesHT;

  const candidate = `${name.trim().toLowerCase()}${extension}`;
  const isCurrent = check.variables === candidate;
  const result = isCurrent ? check.data : undefined;
  const refusal =
    isCurrent && isApiError(check.error) && check.error.status < 500
      ? (check.error.fields?.['domain'] ?? check.error.serverMessage)
      : undefined;

  const forgetStaleSelection = () => {
    const { hostingOptions, selectedDomain } = getValues();
    const now = `${hostingOptions.newDomainName.trim().toLowerCase()}${hostingOptions.domainExtension}`;
    if (selectedDomain && selectedDomain.domain !== now)
      setValue('selectedDomain', null, { shouldDirty: true });
  };

  const verify = () => {
    if (!name.trim() || check.isPending) return;
    check.mutate(candidate, {
      onError: (error) => {
        if (isApiError(error) && error.status < 500) return;
        console.warn('Vérification du domaine impossible', error);
        showErrorToast('Erreur de vérification', 'Impossible de vérifier le domaine');
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <Field label="Nom de domaine souhaité" error={refusal}>
          {(control) => (
            <Input
              {...control}
              {...register('hostingOptions.newDomainName', {
                onChange: forgetStaleSelection,
                onBlur: (event: { target: { value: string } }) => {
                  const typed = splitTypedDomain(event.target.value);
                  if (typed.extension) {
                    setValue('hostingOptions.newDomainName', typed.name, { shouldDirty: true });
                    setValue('hostingOptions.domainExtension', typed.extension, { shouldDirty: true });
                  }
                },
              })}
              placeholder="monentreprise"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={253}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  verify();
                }
              }}
            />
          )}
        </Field>
        <Field label="Extension">
          {(control) => (
            <Select
              {...control}
              {...register('hostingOptions.domainExtension', { onChange: forgetStaleSelection })}
            >
              {domainExtensions.map((ext) => (
                <option key={ext} value={ext}>
                  {ext} · {yearly(prices[ext])}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button variant="outline" onClick={verify} disabled={!name.trim()} pending={check.isPending}>
          Vérifier
        </Button>
      </div>

      <div aria-live="polite" className="empty:hidden">
        {result && (
          <DomainResult
            result={result}
            fallbackPrice={prices[extension]}
            chosen={selected?.domain === result.domain}
            onChoose={(domain) => setValue('selectedDomain', domain, { shouldDirty: true })}
          />
        )}
      </div>
      {selected && selected.domain !== result?.domain && (
        <p className="text-sm text-slate-700">
          Domaine retenu : <strong className="font-semibold">{selected.domain}</strong> (
          {yearly(selected.price)})
        </p>
      )}
    </div>
  );
}

function DomainResult({
  result,
  fallbackPrice,
  chosen,
  onChoose,
}: {
  result: DomainCheckResult;
  fallbackPrice: number;
  chosen: boolean;
  onChoose: (domain: { domain: string; price: number }) => void;
}) {
  const price = result.price ?? fallbackPrice;
  const selectable = result.available !== false;
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        result.available === true && 'border-green-200 bg-green-50',
        result.available === null && 'border-amber-200 bg-amber-50',
        result.available === false && 'border-red-200 bg-red-50',
      )}
    >
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold text-slate-900">
          {result.domain}
          {selectable && <span className="ml-2 text-sm font-medium text-slate-600">{yearly(price)}</span>}
        </p>
        <p
          className={cn(
            'text-sm',
            result.available === true && 'text-green-800',
            result.available === null && 'text-amber-800',
            result.available === false && 'text-red-800',
          )}
        >
          {result.message}
        </p>
      </div>
      {selectable && (
        <Button
          size="sm"
          variant={chosen ? 'secondary' : 'primary'}
          aria-pressed={chosen}
          onClick={() => onChoose({ domain: result.domain, price })}
        >
          {chosen && (
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.58 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
                clipRule="evenodd"
              />
            </svg>
          )}
          {chosen ? 'Domaine choisi' : 'Choisir ce domaine'}
        </Button>
      )}
    </div>
  );
}
