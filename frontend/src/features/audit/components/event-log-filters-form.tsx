import { eventTypeLabel } from '@coseso/domain/events/event-type-labels';
import { useForm } from 'react-hook-form';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Select } from '@/ui/select';
import { actorKindLabels } from '../utils/actor-label';
import {
  actorKinds,
  eventTypes,
  type EventLogFilterProblems,
  type EventLogFilters,
  type EventLogSearch,
} from '../utils/event-log-search';

// The event log's filters: the form, its fields and what it tells of a filter that cannot be read.

/** The types of the log in French, in the order of their French names. */
const eventTypeOptions = eventTypes
  .map((type) => ({ type, label: eventTypeLabel(type) }))
  .sort((a, b) => a.label.localeCompare(b.label, 'fr'));

const filterNames = ['orderRef', 'type', 'actorKind', 'actorId', 'from', 'to'] as const;
type FilterValues = Record<(typeof filterNames)[number], string>;

/** The filters as the form holds them: each named field, trimmed, absent when empty. */
export function formFilters(values: Partial<Record<(typeof filterNames)[number], string>>): EventLogSearch {
  return Object.fromEntries(filterNames.map((name) => [name, values[name]?.trim() || undefined]));
}

/** A filter of the URL that cannot be read is shown empty in its select (it is none of the choices). */
const formValuesOf = (search: EventLogSearch, problems: EventLogFilterProblems): FilterValues => ({
  orderRef: search.orderRef ?? '',
  type: problems.type ? '' : (search.type ?? ''),
  actorKind: problems.actorKind ? '' : (search.actorKind ?? ''),
  actorId: search.actorId ?? '',
  from: search.from ?? '',
  to: search.to ?? '',
});

export function EventLogFiltersForm({
  search,
  problems,
  onFiltersChange,
  onEdit,
}: {
  search: EventLogSearch;
  onFiltersChange: (filters: EventLogSearch) => void;
  problems: EventLogFilterProblems;
  onEdit: (filters: EventLogSearch) => void;
}) {
  // `values`: the form follows the URL's filters when they change (back button, reset).
  const form = useForm<FilterValues>({ values: formValuesOf(search, problems) });
  const submit = form.handleSubmit((values) => onFiltersChange(formFilters(values)));
  return (
    <form
      role="search"
      aria-label="Filtrer le journal"
      onSubmit={submit}
      // Each field's own handler has run: the form's values are the ones on screen.
      onChange={() => onEdit(formFilters(form.getValues()))}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
    >
      <FilterField label="Commande (numéro ou identifiant)" name="orderRef" problems={problems}>
        <Input {...form.register('orderRef')} {...problemProps(problems, 'orderRef')} placeholder="1042" />
      </FilterField>
      <FilterField label="Type d'événement" name="type" problems={problems}>
        <Select {...form.register('type')} {...problemProps(problems, 'type')}>
          <option value="">Tous</option>
          {eventTypeOptions.map(({ type, label }) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label="Acteur" name="actorKind" problems={problems}>
        <Select {...form.register('actorKind')} {...problemProps(problems, 'actorKind')}>
          <option value="">Tous</option>
          {actorKinds.map((kind) => (
            <option key={kind} value={kind}>
              {actorKindLabels[kind]}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField label="Identifiant de l'acteur" name="actorId" problems={problems}>
        <Input {...form.register('actorId')} {...problemProps(problems, 'actorId')} spellCheck={false} />
      </FilterField>
      {periodFields.map(([name, label]) => (
        <FilterField key={name} label={label} name={name} problems={problems}>
          <Input type="datetime-local" step={1} {...form.register(name)} {...problemProps(problems, name)} />
        </FilterField>
      ))}
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Filtrer</Button>
        <Button type="button" variant="outline" onClick={() => onFiltersChange({})}>
          Réinitialiser
        </Button>
      </div>
    </form>
  );
}

const periodFields = [
  ['from', 'Enregistré à partir du'],
  ['to', 'Enregistré avant le'],
] as const;

const problemId = (name: keyof EventLogFilters) => `event-log-filter-problem-${name}`;

/** Ties a field that cannot be read to its message, for assistive technologies. */
const problemProps = (problems: EventLogFilterProblems, name: keyof EventLogFilters) =>
  problems[name] ? { 'aria-invalid': true, 'aria-describedby': problemId(name) } : {};

function FilterField({
  label,
  name,
  problems,
  children,
}: {
  label: string;
  name: keyof EventLogFilters;
  problems: EventLogFilterProblems;
  children: React.ReactNode;
}) {
  const problem = problems[name];
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {label}
        {children}
      </label>
      {problem && (
        <p id={problemId(name)} className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
