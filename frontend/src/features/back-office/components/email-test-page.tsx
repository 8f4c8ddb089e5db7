import { Link } from '@tanstack/react-router';
import { textLinkClasses } from '@/ui/text-link';
import { useAdminSession } from '@/lib/admin-session/use-admin-session';
import { AdminShell } from './admin-shell';
import { EmailStatusSection } from './email-status-section';
import { LatestOrdersSection } from './latest-orders-section';
import { MailboxSection } from './mailbox-section';
import { TestEmailSection } from './test-email-section';

export function EmailTestPage() {
  const session = useAdminSession();
  // Auditors read: sending emails and opening the mailbox's live links are for admins.
  const canAct = session.user.role === 'admin';
  return (
    <AdminShell>
      <title>Test des emails · Coseso</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-3">
          <Link to="/admin" className={`${textLinkClasses} self-start text-sm`}>
            Retour à l'espace admin
          </Link>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Test des emails</h1>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <EmailStatusSection />
          {canAct && <TestEmailSection />}
        </div>
        {canAct && <LatestOrdersSection />}
        {canAct && <MailboxSection />}
      </div>
    </AdminShell>
  );
}
