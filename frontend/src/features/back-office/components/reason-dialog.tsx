import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  useForm,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { type z } from 'zod/mini';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/ui/dialog';
import { Field } from '@/ui/field';
import { Textarea } from '@/ui/textarea';

export interface ReasonValues extends FieldValues {
  reason: string;
}

export interface ReasonDialogProps<Values extends ReasonValues> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger's label; the dialog's title too unless `title` says otherwise. */
  label: string;
  title?: string;
  description: ReactNode;
  /** Final and not undone (an erasure): the trigger and the confirming button are red. */
  destructive?: boolean;
  reason: { label: string; example: string; maxLength: number };
  schema: z.ZodMiniType<Values, Values>;
  defaultValues: Values;
  /** What is asked before the reason, e.g. the new address. */
  before?: (form: UseFormReturn<Values>) => ReactNode;
  /** What is asked after it, e.g. the explicit confirmation. */
  after?: (form: UseFormReturn<Values>) => ReactNode;
  /**
   * Whether every required answer is given: the confirming button waits for it. Without it the
   * button is always there, and a missing answer is said in French under its field.
   */
  complete?: (values: Values) => boolean;
  confirm: { label: string; pendingLabel: string };
  pending: boolean;
  onConfirm: (values: Values, form: UseFormReturn<Values>) => void;
}

const destructiveButton = 'bg-red-600 hover:bg-red-700 disabled:hover:bg-red-600';

/**
 * A back-office correction recorded with its reason (the history shows both): the trigger, what it
 * will do, the form, « Retour » and the confirming button. The form lives inside the dialog's
 * content, so closing the dialog forgets what was typed.
 */
export function ReasonDialog<Values extends ReasonValues>({
  open,
  onOpenChange,
  label,
  title = label,
  description,
  destructive = false,
  ...form
}: ReasonDialogProps<Values>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          className={cn('self-start', destructive && 'border-red-300 text-red-700 hover:bg-red-50')}
        >
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <ReasonForm destructive={destructive} {...form} />
      </DialogContent>
    </Dialog>
  );
}

function ReasonForm<Values extends ReasonValues>({
  destructive,
  reason,
  schema,
  defaultValues,
  before,
  after,
  complete,
  confirm,
  pending,
  onConfirm,
}: Omit<ReasonDialogProps<Values>, 'open' | 'onOpenChange' | 'label' | 'title' | 'description'>) {
  const form = useForm<Values, unknown, Values>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: zodResolver(schema),
  });
  const values = useWatch({ control: form.control }) as Values;
  const submit = form.handleSubmit((answers) => {
    if (!pending) onConfirm(answers, form);
  });
  // Every Values has a reason, but TypeScript cannot name that path of a type still unknown.
  const reasonField = 'reason' as Path<Values>;

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      {before?.(form)}
      <Field
        label={reason.label}
        required
        description={reason.example}
        error={form.formState.errors.reason?.message as string | undefined}
      >
        {(control) => <Textarea {...control} {...form.register(reasonField)} maxLength={reason.maxLength} />}
      </Field>
      {after?.(form)}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Retour</Button>
        </DialogClose>
        <Button
          type="submit"
          disabled={complete ? !complete(values) : false}
          pending={pending}
          pendingLabel={confirm.pendingLabel}
          className={destructive ? destructiveButton : undefined}
        >
          {confirm.label}
        </Button>
      </DialogFooter>
    </form>
  );
}
