import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/ui/button';
import { useAdminSession } from '@/lib/admin-session/use-admin-session';
import { adminRoleLabels } from '../utils/admin-labels';
import { type AdminSearch } from '../utils/admin-order-filters';
import { AdminOrdersSection } from './admin-orders-section';
import { AdminStatisticsCards } from './admin-statistics';

interface AdminHomePageProps {
  filters: AdminSearch;
  onFiltersChange: (filters: AdminSearch) => void;
}

export function AdminHomePage({ filters, onFiltersChange }: AdminHomePageProps) {
  const session = useAdminSession();
  return (
    <>
      <title>Espace Admin · Coseso</title>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Espace Admin</h1>
          <p className="text-sm text-slate-600">
            {/* The account's name, not its address (an unnamed account is named by its role). */}
            Connecté en tant que <strong className="text-slate-900">{session.user.name}</strong>
            {session.user.name !== adminRoleLabels[session.user.role] &&
              ` · ${adminRoleLabels[session.user.role]}`}
          </p>
        </div>

        {/* The orders first: the list and the selected order's panel fit the screen, the figures come after. */}
        <AdminOrdersSection filters={filters} onFiltersChange={onFiltersChange} />

        <AdminStatisticsCards />

        <section
          aria-labelledby="event-log"
          className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="event-log" className="text-lg font-semibold text-slate-900">
            Journal d'événements
          </h2>
          <p className="text-slate-600">
            Consultez, filtrez et exportez tout ce qui est arrivé aux commandes, et vérifiez l'intégrité du
            journal.
          </p>
          <Link to="/admin/events" className={buttonClasses({ size: 'sm' })}>
            Ouvrir le journal
          </Link>
        </section>

        {session.user.role === 'admin' && (
          <section
            aria-labelledby="emails"
            className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="emails" className="text-lg font-semibold text-slate-900">
              Emails
            </h2>
            <p className="text-slate-600">
              Vérifiez la configuration de l'envoi, envoyez un email de test et consultez la boîte de test.
            </p>
            <Link to="/email-test" className={buttonClasses({ size: 'sm' })}>
              Tester les emails
            </Link>
          </section>
        )}
      </div>
    </>
  );
}
