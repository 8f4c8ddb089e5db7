import { adminStatusLabels } from '@coseso/domain/orders/order-status';
import { assetOptionLabels, fontLabels, styleLabels, templateLabels } from '@coseso/domain/orders/wizard';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { useDownloadEvidenceBundle } from '@/lib/orders/download-evidence-bundle';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { type AdminOrderDetail, adminOrderQueryOptions } from '../api/get-admin-order';
import { useForgetSessionOn401 } from '@/lib/admin-session/use-admin-session';
import { billingLabel, paymentTones } from '../utils/billing-label';
import { AdminOrderFiles, PanelSection } from './admin-order-files';
import { CorrectContactEmailDialog } from './correct-contact-email-dialog';
import { OrderClientActivity } from './order-client-activity';
import { OrderMessagesSection } from './order-messages-section';
import { OrderPanelActions } from './order-panel-actions';
import { Colour, ExternalLink, Facts } from './order-panel-facts';
import { OrderPanelNextStep } from './order-panel-next-step';
import { OrderReviewRounds } from './order-review-rounds';
import { PanelGroup, PanelSectionsNav } from './panel-sections-nav';
import { OrderEmailFailures, OrderPanelNotices } from './order-panel-notices';
import { OrderRefundsSection } from './order-refunds-section';
import { CancelledOrderMoneySection, OrderBillingSection, OrderSaleSection } from './order-sale-section';
import { SectionError } from '@/ui/section-card';
import { OrderInvoicesSection } from '@/lib/invoices/order-invoices-section';

interface AdminOrderPanelProps {
  adminId: string;
  /** Auditors read; only admins act. */
  canAct: boolean;
  orderId: string;
  onClose: () => void;
}

/** The selected order: every section of spec §2.3, and the actions its status allows. */
export function AdminOrderPanel({ adminId, canAct, orderId, onClose }: AdminOrderPanelProps) {
  const order = useQuery(adminOrderQueryOptions(orderId));
  useForgetSessionOn401(order.error);

  return (
    <section
      aria-labelledby="order-panel-title"
      data-order-panel
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-2 lg:max-h-[calc(100dvh-1rem)] lg:overflow-y-auto"
    >
      {order.data ? (
        <OrderPanelBody adminId={adminId} canAct={canAct} order={order.data} onClose={onClose} />
      ) : order.isError ? (
        <>
          <h2 id="order-panel-title" tabIndex={-1} className="text-lg font-semibold text-slate-900">
            Commande
          </h2>
          <SectionError message="Cette commande n'a pas pu être chargée.">
            <Button size="sm" variant="outline" onClick={() => void order.refetch()}>
              Réessayer
            </Button>
          </SectionError>
        </>
      ) : (
        <Spinner label="Chargement de la commande..." className="py-8" />
      )}
    </section>
  );
}

function OrderPanelBody({
  adminId,
  canAct,
  order,
  onClose,
}: {
  adminId: string;
  canAct: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
}) {
  // Admins and auditors alike: a bundle is read, and its download recorded by the server.
  const evidence = useDownloadEvidenceBundle(order.id);
  const template = order.selectedTemplate ? templateLabels[order.selectedTemplate]?.name : undefined;

  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2
            id="order-panel-title"
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 wrap-anywhere focus:outline-none"
          >
            {order.companyName || `Commande #${order.orderNumber}`}
          </h2>
          <p className="text-sm text-slate-500">
            Commande #{order.orderNumber} · créée le {formatDate(order.createdAt)}
          </p>
        </div>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Fermer<span className="sr-only"> le détail</span>
        </Button>
      </div>
      <div className="flex flex-wrap gap-2" aria-label="État de la commande" role="group">
        <Badge
          tone={
            order.status === 'delivered' ? 'success' : order.status === 'cancelled' ? 'neutral' : 'primary'
          }
        >
          <span className="sr-only">Statut : </span>
          {adminStatusLabels[order.status]}
        </Badge>
        <Badge tone={paymentTones[order.payment.stage]}>
          <span className="sr-only">Paiement : </span>
          {order.payment.label}
        </Badge>
        <Badge tone="neutral">{billingLabel(order.billingPeriod)}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link
          to="/admin/orders/$orderId/history"
          params={{ orderId: order.id }}
          className="text-sm font-medium text-primary-700 underline underline-offset-2"
        >
          Historique de la commande
        </Link>
        <Button
          size="sm"
          variant="outline"
          pending={evidence.isPending}
          pendingLabel="Préparation du dossier…"
          onClick={() => evidence.mutate()}
        >
          Télécharger le dossier de preuves
        </Button>
      </div>

      <PanelSectionsNav orderId={order.id} />
      <OrderPanelNextStep order={order} canAct={canAct} />
      {canAct && <OrderPanelActions adminId={adminId} order={order} />}
      <OrderPanelNotices order={order} />

      <PanelGroup id="vente" orderId={order.id}>
        <PanelSection title="Entreprise">
          <Facts
            rows={[
              ['Nom', order.companyName],
              ['Secteur', order.companySector],
              ['Adresse', order.companyAddress],
              ['SIREN / SIRET', order.companyId],
              ['Activité', order.companyDescription],
            ]}
          />
        </PanelSection>
        <OrderSaleSection order={order} />
        <PanelSection title="Spécifications design">
          <Facts
            rows={[
              ['Template', template ?? templateLabels.onepage.name],
              ['Style', order.selectedStyle ? styleLabels[order.selectedStyle].name : null],
              ['Couleur principale', order.primaryColor ? <Colour value={order.primaryColor} /> : null],
              ['Couleur secondaire', order.secondaryColor ? <Colour value={order.secondaryColor} /> : null],
              ['Police', order.fontFamily ? fontLabels[order.fontFamily].name : null],
              ['Logo', order.logoOption ? assetOptionLabels.logo[order.logoOption] : null],
              ['Contenus', order.contentOption ? assetOptionLabels.content[order.contentOption] : null],
              ['Pages', order.pages],
            ]}
          />
        </PanelSection>
      </PanelGroup>
      <PanelGroup id="argent" orderId={order.id}>
        <OrderBillingSection order={order} />
        <CancelledOrderMoneySection order={order} />
        <OrderRefundsSection order={order} canAct={canAct} />
        <OrderInvoicesSection orderId={order.id} />
      </PanelGroup>
      <PanelGroup id="emails" orderId={order.id}>
        <PanelSection
          title="Contact"
          actions={canAct && !order.contactErasedAt ? <CorrectContactEmailDialog order={order} /> : null}
        >
          <Facts
            rows={[
              ['Prénom', order.contactFirstName],
              ['Nom', order.contactLastName],
              ['Email', order.contactEmail],
              ['Téléphone', order.contactPhone],
            ]}
          />
        </PanelSection>
        <OrderEmailFailures order={order} />
      </PanelGroup>
      <PanelGroup id="historique" orderId={order.id}>
        <OrderClientActivity activity={order.clientActivity} />
        <OrderMessagesSection orderId={order.id} />
        <PanelSection title="Gestion de projet">
          <Facts
            rows={[
              ['Étape du formulaire', `${order.currentStep} sur 8`],
              [
                'Contrat',
                order.contractSignedAt
                  ? `Signé le ${formatDate(order.contractSignedAt)}`
                  : order.contractForced
                    ? 'Marqué « Contrat OK » par une correction, sans signature'
                    : 'Non signé',
              ],
              [
                'Brief',
                order.briefSubmittedAt
                  ? `Soumis le ${formatDate(order.briefSubmittedAt)}`
                  : order.briefSubmittedByClient
                    ? 'Soumis'
                    : 'Non soumis',
              ],
              ['Révision', reviewText(order)],
              [
                'Annulation',
                order.cancellation
                  ? `Annulée le ${formatDate(order.cancellation.cancelledAt)}${order.cancellation.reason ? ` : ${order.cancellation.reason}` : ''}`
                  : null,
              ],
              [
                'Réactivation',
                order.reactivation
                  ? `Réactivée le ${formatDate(order.reactivation.reactivatedAt)}${order.reactivation.reason ? ` : ${order.reactivation.reason}` : ''}`
                  : null,
              ],
              ['Chargé de compte', order.accountManager ? 'Oui' : 'Non'],
              ['Site livré', order.deliveryUrl ? <ExternalLink href={order.deliveryUrl} /> : null],
              ['Livré le', order.deliveredAt ? formatDateTime(order.deliveredAt) : null],
              ['Dernière activité', formatDateTime(order.lastActiveAt)],
            ]}
          />
        </PanelSection>
      </PanelGroup>
      <PanelGroup id="brief" orderId={order.id}>
        <AdminOrderFiles order={order} />
        <PanelSection title="Remarques du client">
          <p className="text-sm whitespace-pre-line text-slate-700">
            {order.clientRemarks?.trim() || 'Aucune remarque'}
          </p>
        </PanelSection>
      </PanelGroup>
      <PanelGroup id="revisions" orderId={order.id}>
        <OrderReviewRounds order={order} />
      </PanelGroup>
    </>
  );
}

/** A cancelled order's review waits for no one: it was stopped with the order. */
function reviewText(order: AdminOrderDetail): string | null {
  if (!order.reviewUrl) return null;
  const round = order.reviewRound > 0 ? `tour ${order.reviewRound}, ` : '';
  if (order.status === 'cancelled' && order.reviewStatus !== 'approved')
    return `${round}arrêtée par l'annulation`;
  const status =
    order.reviewStatus === 'approved'
      ? 'validée par le client'
      : order.reviewStatus === 'changes_requested'
        ? 'modifications demandées'
        : 'en attente du client';
  return `${round}${status}`;
}
