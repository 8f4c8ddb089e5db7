import { adminStatusLabels } from '@coseso/domain/orders/order-status';
import { paymentPurposeLabels } from '@coseso/domain/orders/payment-labels';
import { assetOptionLabels, fontLabels, styleLabels, templateLabels } from '@coseso/domain/orders/wizard';
import { formatEuros, formatEurosTTC } from '@coseso/domain/pricing/format-euros';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { useDownloadEvidenceBundle } from '@/lib/orders/download-evidence-bundle';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { type AdminOrderDetail, adminOrderQueryOptions } from '../api/get-admin-order';
import { useForgetSessionOn401 } from '../hooks/use-forget-session-on-401';
import { actionId, type AllowedAction } from '../utils/admin-actions';
import { billingLabel, paymentTones } from '../utils/billing-label';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminOrderFiles, PanelSection } from './admin-order-files';
import { EraseDataDialog } from './erase-data-dialog';
import { SectionError } from '@/ui/section-card';
import { OrderInvoicesSection } from '@/lib/invoices/order-invoices-section';

interface AdminOrderPanelProps {
  token: string;
  adminId: string;
  /** Auditors read; only admins act. */
  canAct: boolean;
  orderId: string;
  onClose: () => void;
}

/** The selected order: every section of spec §2.3, and the actions its status allows. */
export function AdminOrderPanel({ token, adminId, canAct, orderId, onClose }: AdminOrderPanelProps) {
  const order = useQuery(adminOrderQueryOptions(token, orderId));
  useForgetSessionOn401(order.error);

  return (
    <section
      aria-labelledby="order-panel-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      {order.data ? (
        <OrderPanelBody
          token={token}
          adminId={adminId}
          canAct={canAct}
          order={order.data}
          onClose={onClose}
        />
      ) : order.isError ? (
        <>
          <h2 id="order-panel-title" className="text-lg font-semibold text-slate-900">
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
  token,
  adminId,
  canAct,
  order,
  onClose,
}: {
  token: string;
  adminId: string;
  canAct: boolean;
  order: AdminOrderDetail;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<AllowedAction | null>(null);
  // Admins and auditors alike: a bundle is read, and its download recorded by the server.
  const evidence = useDownloadEvidenceBundle(token, order.id);
  const actions = canAct ? order.allowedActions : [];
  const normal = actions.filter((a) => !a.correction && a.action !== 'cancel');
  const exceptional = actions.filter((a) => a.correction || a.action === 'cancel');
  const paid = order.payment;
  const price = order.price;
  // The receipt the server records with an approval; before it did, the approval's date and round.
  const approval =
    order.reviewApproval ??
    (order.reviewStatus === 'approved' && order.reviewSubmittedAt
      ? {
          reviewUrl: order.reviewUrl,
          round: order.reviewRound,
          approvedAt: order.reviewSubmittedAt,
          sessionRef: null,
        }
      : null);
  const template = order.selectedTemplate ? templateLabels[order.selectedTemplate]?.name : undefined;

  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="order-panel-title" className="text-lg font-semibold text-slate-900 wrap-anywhere">
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
        <Badge tone={paymentTones[paid.stage]}>
          <span className="sr-only">Paiement : </span>
          {paid.label}
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

      {canAct && (
        <div className="flex flex-col gap-2" role="group" aria-label="Actions">
          {actions.length === 0 ? (
            <p className="text-sm text-slate-500">{noActionText(order)}</p>
          ) : (
            <>
              <div className="flex flex-wrap gap-2">
                {normal.map((a) => (
                  <Button key={actionId(a)} size="sm" onClick={() => setChosen(a)}>
                    {a.label}
                  </Button>
                ))}
              </div>
              {exceptional.length > 0 && (
                <div className="flex flex-wrap gap-2">
                  {exceptional.map((a) => (
                    <Button key={actionId(a)} size="sm" variant="outline" onClick={() => setChosen(a)}>
                      {a.label}
                    </Button>
                  ))}
                </div>
              )}
            </>
          )}
          <AdminActionDialog
            token={token}
            adminId={adminId}
            order={order}
            action={chosen}
            onClose={() => setChosen(null)}
          />
          {order.clientId ? (
            <EraseDataDialog
              token={token}
              target={{ kind: 'client', clientId: order.clientId }}
              who={order.companyName || `Commande #${order.orderNumber}`}
            />
          ) : (
            // Offered until done, as the client's is: when the decider would refuse (a payment link
            // still open, say), the server's answer says why and until when.
            !order.contactErasedAt && (
              <EraseDataDialog
                token={token}
                target={{ kind: 'contact', orderId: order.id }}
                who={order.companyName || `Commande #${order.orderNumber}`}
              />
            )
          )}
        </div>
      )}

      {order.emailFailures.length > 0 && (
        <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">
            {order.emailFailures.length > 1 ? 'Emails non remis' : 'Email non remis'}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {order.emailFailures.map((failure) => (
              <li key={`${failure.template}:${failure.since}:${failure.failedAt}`}>
                « {failure.label} » à <span className="wrap-anywhere">{failure.recipient}</span>, en échec
                depuis le {formatDateTime(failure.since)} ({failure.attempts}{' '}
                {failure.attempts > 1 ? 'tentatives' : 'tentative'})
              </li>
            ))}
          </ul>
          <p className="mt-1">
            Vérifiez l'adresse avec le client ; l'envoi peut être relancé depuis Opérations, tâches en échec.
          </p>
        </div>
      )}
      {order.briefValidatedByAdmin && (
        <div role="note" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <p className="font-semibold">
            Brief validé{order.briefValidatedAt ? ` le ${formatDateTime(order.briefValidatedAt)}` : ''}
          </p>
          {order.briefNotes && <p className="mt-1 whitespace-pre-line">{order.briefNotes}</p>}
        </div>
      )}
      {approval && (
        <div role="note" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <p className="font-semibold">
            Maquette{approval.round ? ` v${approval.round}` : ''} validée par le client le{' '}
            {formatDateTime(approval.approvedAt)}
            {order.contactEmail ? ` (compte ${order.contactEmail})` : ''}
          </p>
          {approval.reviewUrl && <p className="mt-1 wrap-anywhere">{approval.reviewUrl}</p>}
          {approval.sessionRef && <p className="mt-1 text-xs">Session : {approval.sessionRef}</p>}
        </div>
      )}

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
      <PanelSection title="Contact">
        <Facts
          rows={[
            ['Prénom', order.contactFirstName],
            ['Nom', order.contactLastName],
            ['Email', order.contactEmail],
            ['Téléphone', order.contactPhone],
          ]}
        />
      </PanelSection>
      <PanelSection title="Spécifications design">
        <Facts
          rows={[
            ['Template', template ?? 'One Page'],
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
      <PanelSection title="Facturation">
        <Facts
          rows={[
            ['Formule', billingLabel(order.billingPeriod)],
            ['Total', order.totalWithVat != null ? `${formatEuros(order.totalWithVat)} TTC` : null],
            [
              order.billingPeriod === 'monthly' ? 'Frais de mise en service' : 'Acompte',
              price
                ? `${formatEuros(order.billingPeriod === 'monthly' ? price.setupFeesAmount : price.depositWithVat)} · ${paidText(order.depositPaid, order.firstPayment)}`
                : null,
            ],
            [
              order.billingPeriod === 'monthly' ? 'Mensualité' : 'Solde',
              price
                ? `${formatEuros(order.billingPeriod === 'monthly' ? price.monthlyWithVat : price.remainingWithVat)} · ${paidText(order.finalPaid, order.finalPayment)}`
                : null,
            ],
            [
              'Paiements remboursés',
              order.refundedPayments.length > 0 ? (
                <RefundedPayments refunds={order.refundedPayments} />
              ) : null,
            ],
            [
              'Abonnement',
              order.subscriptionStatus === 'active'
                ? 'Actif'
                : order.subscriptionStatus === 'cancelled'
                  ? `Annulé${order.subscriptionExpiresAt ? `, actif jusqu'au ${formatDate(order.subscriptionExpiresAt)}` : ''}`
                  : null,
            ],
          ]}
        />
      </PanelSection>
      <OrderInvoicesSection token={token} orderId={order.id} />
      <PanelSection title="Gestion de projet">
        <Facts
          rows={[
            ['Étape du formulaire', `${order.currentStep} sur 8`],
            [
              'Contrat',
              order.contractSignedAt ? `Signé le ${formatDate(order.contractSignedAt)}` : 'Non signé',
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
            ['Retour du client', order.reviewFeedback],
            ['Note au client', order.adminNote],
            [
              'Annulation',
              order.cancellation
                ? `Annulée le ${formatDate(order.cancellation.cancelledAt)}${order.cancellation.reason ? ` : ${order.cancellation.reason}` : ''}`
                : null,
            ],
            ['Chargé de compte', order.accountManager ? 'Oui' : 'Non'],
            ['Site livré', order.deliveryUrl ? <ExternalLink href={order.deliveryUrl} /> : null],
            ['Livré le', order.deliveredAt ? formatDateTime(order.deliveredAt) : null],
            ['Dernière activité', formatDateTime(order.lastActiveAt)],
          ]}
        />
      </PanelSection>
      <AdminOrderFiles token={token} order={order} />
      <PanelSection title="Remarques du client">
        <p className="text-sm whitespace-pre-line text-slate-700">
          {order.clientRemarks?.trim() || 'Aucune remarque'}
        </p>
      </PanelSection>
      <PanelSection title="Aperçu">
        {order.reviewUrl ? (
          <ExternalLink href={order.reviewUrl} label="Voir l'aperçu" />
        ) : (
          <p className="text-sm text-slate-500">Aucun lien d'aperçu pour le moment</p>
        )}
      </PanelSection>
    </>
  );
}

/** Payments made on a link the order no longer matched (it changed meanwhile): refunded, never kept. */
function RefundedPayments({ refunds }: { refunds: AdminOrderDetail['refundedPayments'] }) {
  return (
    <ul className="flex flex-col gap-1" aria-label="Paiements remboursés">
      {refunds.map((refund) => (
        <li key={refund.paymentId} className="text-amber-800">
          {formatEurosTTC(refund.amount)} ({paymentPurposeLabels[refund.purpose]}) remboursé le{' '}
          {formatDateTime(refund.refundedAt)} : payé sur un lien qui ne valait plus ({refund.reason})
          {refund.purpose === 'first_month' ? ", l'abonnement qu'il ouvrait est résilié" : ''}
        </li>
      ))}
    </ul>
  );
}

function paidText(paid: boolean, payment: { paidAt: string; provider: string } | null): string {
  if (!paid) return 'non payé';
  if (!payment) return 'payé';
  return `payé le ${formatDate(payment.paidAt)}${payment.provider === 'offline' ? ' (hors ligne)' : ''}`;
}

function reviewText(order: AdminOrderDetail): string | null {
  if (!order.reviewUrl) return null;
  const round = order.reviewRound > 0 ? `tour ${order.reviewRound}, ` : '';
  const status =
    order.reviewStatus === 'approved'
      ? 'validée par le client'
      : order.reviewStatus === 'changes_requested'
        ? 'modifications demandées'
        : 'en attente du client';
  return `${round}${status}`;
}

function noActionText(order: AdminOrderDetail): string {
  if (order.contactErasedAt)
    return `Données du contact effacées le ${formatDateTime(order.contactErasedAt)} : la commande ne peut plus être modifiée.`;
  switch (order.status) {
    case 'pending':
      return 'Le client doit terminer le formulaire.';
    case 'brief_pending':
      return 'Le client doit envoyer ses fichiers.';
    case 'en_revision':
      return 'En attente de la validation du client.';
    case 'delivered':
      return 'Commande livrée.';
    default:
      return 'Aucune action possible pour ce statut.';
  }
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return <p className="text-sm text-slate-500">Non renseigné</p>;
  return (
    <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="text-slate-900 wrap-anywhere whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Colour({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="size-4 rounded border border-slate-300"
        style={{ backgroundColor: value }}
      />
      {value}
    </span>
  );
}

const withScheme = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

function ExternalLink({ href, label }: { href: string; label?: string }) {
  return (
    <a
      href={withScheme(href)}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary-700 underline wrap-anywhere hover:text-primary-800"
    >
      {label ?? href}
    </a>
  );
}
