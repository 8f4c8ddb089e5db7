import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from '@/ui/input';

/** A password field with a button that shows or hides what is typed. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={cn('relative', className)}>
      <Input
        {...props}
        type={visible ? 'text' : 'password'}
        spellCheck={false}
        autoCapitalize="off"
        className="pr-12"
      />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
        aria-controls={props.id}
        className={cn(
          'absolute top-1/2 right-1.5 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-500',
          'hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-primary-500',
        )}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}

function EyeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path d="M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" />
      <path
        fillRule="evenodd"
        d="M.66 10.59a1.65 1.65 0 0 1 0-1.18A10 10 0 0 1 10 3c4.26 0 7.9 2.66 9.34 6.41.16.38.16.8 0 1.18A10 10 0 0 1 10 17c-4.26 0-7.9-2.66-9.34-6.41ZM14 10a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path
        fillRule="evenodd"
        d="M3.28 2.22a.75.75 0 0 0-1.06 1.06l14.5 14.5a.75.75 0 1 0 1.06-1.06l-1.75-1.75a10.05 10.05 0 0 0 3.3-4.38 1.65 1.65 0 0 0 0-1.18A10 10 0 0 0 10 3a9.96 9.96 0 0 0-4.55 1.1L3.28 2.22ZM7.75 6.7l1.1 1.1a2.5 2.5 0 0 1 3.36 3.35l1.1 1.1A4 4 0 0 0 7.74 6.7Z"
        clipRule="evenodd"
      />
      <path d="M10.75 16.96 8.3 14.51a4 4 0 0 1-2.8-2.8L2.17 8.38a10 10 0 0 0-1.5 2.21 1.65 1.65 0 0 0 0 1.18A10 10 0 0 0 10 17c.25 0 .5 0 .75-.04Z" />
    </svg>
  );
}
