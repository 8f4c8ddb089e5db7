import { Link } from '@tanstack/react-router';
import { currentUserQueryOptions, displayName } from '@/lib/auth';
import { useCachedQuery } from '@/lib/use-cached-query';
import { buttonClasses } from '@/ui/button';

/**
 * The header's way into the client area: the signed-in client by name, straight to their orders;
 * « Espace Client » to sign in otherwise (the same session check as `/`, asked once per tab).
 */
export function AccountLink() {
  const user = useCachedQuery(currentUserQueryOptions());
  if (user)
    return (
      <Link
        to="/dashboard"
        className={buttonClasses({ variant: 'outline', size: 'sm', className: 'max-w-60' })}
        data-testid="signed-in-client"
      >
        <span className="sr-only">Mon espace client : </span>
        <span className="truncate">{displayName(user)}</span>
      </Link>
    );
  return (
    <Link to="/auth" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      Espace Client
    </Link>
  );
}
