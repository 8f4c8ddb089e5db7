import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { MapArtwork } from './demo-artwork';
import { DemoButton, DemoSection } from './demo-parts';
import { useDemoTheme } from './demo-theme-context';

// The demo sites' forms (contact, newsletter): they look real and send nothing.

/** A form that looks real but never sends anything: this is a demo. */
function DemoForm({
  children,
  submitLabel,
  className,
}: {
  children: ReactNode;
  submitLabel: string;
  className?: string;
}) {
  const theme = useDemoTheme();
  const [sent, setSent] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
  };
  return (
    <form onSubmit={onSubmit} className={cn('flex flex-col gap-4', className)}>
      {children}
      <DemoButton type="submit" className="self-start">
        {submitLabel}
      </DemoButton>
      <p role="status" className={cn('text-sm', theme.muted)}>
        {sent ? 'Ceci est un aperçu\u00a0: aucun message n’est envoyé.' : ''}
      </p>
    </form>
  );
}

function DemoField({
  label,
  type = 'text',
  multiline = false,
}: {
  label: string;
  type?: string;
  multiline?: boolean;
}) {
  const theme = useDemoTheme();
  const id = useId();
  const fieldClass = cn('w-full px-4 py-3', theme.input);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className={cn('text-sm font-medium', theme.heading)}>
        {label}
      </label>
      {multiline ? (
        <textarea id={id} rows={4} className={fieldClass} />
      ) : (
        <input id={id} type={type} className={fieldClass} />
      )}
    </div>
  );
}

/**
 * The contact section of a demo site, there when its template includes the contact form, with the
 * map when it includes Google Maps.
 */
export function DemoContactSection({
  included,
  title,
  alt,
  ...details
}: {
  included: ReadonlySet<string>;
  title: string;
  alt?: boolean;
  address: string;
  phone: string;
  email: string;
  hours: string;
}) {
  if (!included.has('contactForm')) return null;
  return (
    <DemoSection id="demo-contact" eyebrow="Contact" title={title} alt={alt}>
      <ContactBlock {...details} withMap={included.has('googleMaps')} />
    </DemoSection>
  );
}

function ContactBlock({
  address,
  phone,
  email,
  hours,
  withMap,
}: {
  address: string;
  phone: string;
  email: string;
  hours: string;
  withMap: boolean;
}) {
  const theme = useDemoTheme();
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div className={cn('p-6 sm:p-8', theme.card)}>
        <DemoForm submitLabel="Envoyer le message">
          <div className="grid gap-4 sm:grid-cols-2">
            <DemoField label="Nom" />
            <DemoField label="Email" type="email" />
          </div>
          <DemoField label="Message" multiline />
        </DemoForm>
      </div>
      <div className="flex flex-col gap-6">
        <dl className={cn('grid gap-4 sm:grid-cols-2', theme.muted)}>
          {[
            ['Adresse', address],
            ['Téléphone', phone],
            ['Email', email],
            ['Horaires', hours],
          ].map(([term, value]) => (
            <div key={term}>
              <dt className={cn('text-sm font-semibold', theme.heading)}>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {withMap && (
          <div className="aspect-[16/10] overflow-hidden rounded-2xl">
            <MapArtwork label={`Plan d’accès\u00a0: ${address}`} />
          </div>
        )}
      </div>
    </div>
  );
}

export function NewsletterBlock({ text }: { text: string }) {
  const theme = useDemoTheme();
  return (
    <div
      className={cn(
        'flex flex-col gap-6 p-6 sm:p-8 lg:flex-row lg:items-center lg:justify-between',
        theme.card,
      )}
    >
      <p className={cn('max-w-md text-lg', theme.muted)}>{text}</p>
      <DemoForm submitLabel="S’inscrire" className="w-full max-w-md">
        <DemoField label="Votre adresse email" type="email" />
      </DemoForm>
    </div>
  );
}
