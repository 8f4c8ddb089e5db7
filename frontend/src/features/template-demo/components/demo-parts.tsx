import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useDemoTheme } from './demo-theme-context';

export function DemoButton({
  children,
  kind = 'primary',
  type = 'button',
  className,
}: {
  children: ReactNode;
  kind?: 'primary' | 'secondary';
  type?: 'button' | 'submit';
  className?: string;
}) {
  const theme = useDemoTheme();
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center px-6 py-3 font-semibold transition',
        kind === 'primary' ? theme.primaryButton : theme.secondaryButton,
        className,
      )}
    >
      {children}
    </button>
  );
}

export interface DemoNavLink {
  href: string;
  label: string;
}

export function DemoHeader({
  name,
  links,
  actions,
}: {
  name: string;
  links: DemoNavLink[];
  actions?: ReactNode;
}) {
  const theme = useDemoTheme();
  return (
    <header className={cn('sticky top-0 z-10 backdrop-blur', theme.header)}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-8 gap-y-3 px-4 py-4 sm:px-6">
        <a href="#demo-accueil" className={cn('flex items-center gap-2 text-lg font-bold', theme.heading)}>
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-xl bg-(--demo-primary) text-base text-(--demo-on-primary)"
          >
            {name.charAt(0)}
          </span>
          {name}
        </a>
        <nav aria-label={`Menu de ${name}`} className="order-last w-full md:order-none md:w-auto">
          <ul className={cn('flex flex-wrap gap-x-6 gap-y-1 text-sm font-medium', theme.muted)}>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="hover:underline hover:underline-offset-4">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {actions && <div className="flex items-center gap-3">{actions}</div>}
      </div>
    </header>
  );
}

export function DemoSection({
  id,
  title,
  eyebrow,
  intro,
  alt = false,
  children,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  intro?: string;
  alt?: boolean;
  children: ReactNode;
}) {
  const theme = useDemoTheme();
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titre`}
      className={cn('scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20', alt ? theme.altSection : theme.section)}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-10">
        <div className="flex max-w-2xl flex-col gap-3">
          {eyebrow && (
            <p className={cn('text-sm font-semibold tracking-wide uppercase', theme.accentText)}>{eyebrow}</p>
          )}
          <h2 id={`${id}-titre`} className={cn('text-3xl font-bold tracking-tight', theme.heading)}>
            {title}
          </h2>
          {intro && <p className={cn('text-lg', theme.muted)}>{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export function CardGrid({
  items,
  columns = 3,
}: {
  items: Array<{ title: string; text: string; meta?: string }>;
  columns?: 2 | 3;
}) {
  const theme = useDemoTheme();
  return (
    <ul className={cn('grid gap-6', columns === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2')}>
      {items.map((item, index) => (
        <li key={item.title} className={cn('flex flex-col gap-3 p-6', theme.card)}>
          <span
            aria-hidden="true"
            className={cn(
              'flex size-11 items-center justify-center rounded-xl text-lg font-bold',
              index % 2
                ? 'bg-(--demo-secondary) text-(--demo-on-secondary)'
                : 'bg-(--demo-primary) text-(--demo-on-primary)',
            )}
          >
            {String(index + 1).padStart(2, '0')}
          </span>
          <h3 className={cn('text-xl font-semibold', theme.heading)}>{item.title}</h3>
          <p className={theme.muted}>{item.text}</p>
          {item.meta && <p className={cn('mt-auto text-sm font-semibold', theme.accentText)}>{item.meta}</p>}
        </li>
      ))}
    </ul>
  );
}

export function DemoTestimonials({
  items,
}: {
  items: Array<{ quote: string; name: string; detail: string }>;
}) {
  const theme = useDemoTheme();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.name}>
          <figure className={cn('flex h-full flex-col gap-4 p-6', theme.card)}>
            <blockquote className={cn('flex-1', theme.muted)}>
              <p>«&nbsp;{item.quote}&nbsp;»</p>
            </blockquote>
            <figcaption>
              <span className={cn('block font-semibold', theme.heading)}>{item.name}</span>
              <span className={cn('text-sm', theme.muted)}>{item.detail}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

const socialNetworks = ['Instagram', 'Facebook', 'LinkedIn'];

export function DemoFooter({ name, tagline, social }: { name: string; tagline: string; social: boolean }) {
  const theme = useDemoTheme();
  return (
    <footer className={cn('px-4 py-10 sm:px-6', theme.footer)}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold">{name}</p>
          <p className="text-sm opacity-80">{tagline}</p>
        </div>
        {social && (
          <ul aria-label="Réseaux sociaux" className="flex gap-3">
            {socialNetworks.map((network) => (
              <li
                key={network}
                className="rounded-full border border-current/30 px-4 py-1.5 text-sm font-medium opacity-90"
              >
                {network}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm opacity-70">
          © {new Date().getFullYear()} {name}
        </p>
      </div>
    </footer>
  );
}

export function DemoHero({
  eyebrow,
  title,
  text,
  actions,
  art,
  facts,
}: {
  eyebrow: string;
  title: string;
  text: string;
  actions: ReactNode;
  art: ReactNode;
  facts?: Array<{ value: string; label: string }>;
}) {
  const theme = useDemoTheme();
  return (
    <section
      id="demo-accueil"
      aria-labelledby="demo-accueil-titre"
      className={cn('px-4 py-16 sm:px-6 sm:py-24', theme.hero)}
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <p className="text-sm font-semibold tracking-wide uppercase opacity-90">{eyebrow}</p>
          <h1
            id="demo-accueil-titre"
            className={cn('text-4xl font-extrabold tracking-tight text-balance sm:text-5xl', theme.heroTitle)}
          >
            {title}
          </h1>
          <p className={cn('max-w-xl text-lg', theme.heroText)}>{text}</p>
          <div className="flex flex-wrap gap-3">{actions}</div>
          {facts && (
            <dl className="mt-4 grid grid-cols-3 gap-4">
              {facts.map((fact) => (
                <div key={fact.label} className="flex flex-col-reverse">
                  <dt className={cn('text-sm', theme.heroText)}>{fact.label}</dt>
                  <dd className={cn('text-2xl font-bold', theme.heroTitle)}>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <div className="overflow-hidden rounded-3xl shadow-2xl">{art}</div>
      </div>
    </section>
  );
}
