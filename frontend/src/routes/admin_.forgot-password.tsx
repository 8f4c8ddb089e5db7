import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '@/features/auth/components/auth-shell';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AdminShell } from '@/features/back-office/components/admin-shell';
import { RouteErrorPage } from '@/features/errors/components/route-error-page';

/** « Mot de passe oublié ? » of the back-office: outside the /admin layout, whose gate asks for a session. */
export const Route = createFileRoute('/admin_/forgot-password')({
  component: AdminForgotPasswordRoute,
  errorComponent: RouteErrorPage,
});

function AdminForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <AdminShell>
      <title>Mot de passe oublié · Back-office Coseso</title>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col gap-2 text-center">
          <h1 id="auth-form-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Mot de passe oublié
          </h1>
          <p className="text-slate-600">
            Indiquez l’adresse email de votre compte du back-office : nous vous enverrons un lien pour choisir
            un nouveau mot de passe. Il débloque aussi votre compte.
          </p>
        </div>
        <AuthCard>
          <ForgotPasswordForm
            realm="admin"
            defaultEmail=""
            onBackToLogin={() => void navigate({ to: '/admin' })}
          />
        </AuthCard>
        <p className="px-1 text-sm text-slate-600">
          Pas d’email reçu ? Un autre administrateur peut aussi débloquer votre compte depuis la page « Équipe
          » du back-office.
        </p>
      </div>
    </AdminShell>
  );
}
