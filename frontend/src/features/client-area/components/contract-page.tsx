import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api';
import { type CurrentUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { textLinkClasses } from '@/ui/text-link';
import { showErrorToast, showSuccessToast } from '@/ui/toaster';
import { type ContractDocument as Contract, contractQueryOptions } from '../api/get-contract';
import { isUnauthorized } from '../api/get-client-orders';
import { ClientAreaShell } from './client-area-shell';
import { orderAnchor } from './contract-action';
import { ContractDocument } from './contract-document';
import { SessionExpired } from './session-expired';
import { SignContractForm } from './sign-contract-form';

export function ContractPage({ user, orderId }: { user: CurrentUser; orderId: string }) {
  return (
    <ClientAreaShell user={user}>
      <title>Mon contrat · Coseso</title>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-3">
          <Link
            to="/dashboard"
            hash={orderAnchor(orderId)}
            className={`${textLinkClasses} self-start text-sm`}
          >
            Retour à mon espace client
          </Link>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mon contrat</h1>
        </div>
        <ContractContent orderId={orderId} />
      </div>
    </ClientAreaShell>
  );
}

function ContractContent({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const contract = useQuery(contractQueryOptions(orderId));
  const [signedOut, setSignedOut] = useState(false);
  const notFound = isApiError(contract.error) && contract.error.status === 404;
  const failed = contract.isError && !contract.data && !notFound && !isUnauthorized(contract.error);

  useEffect(() => {
    if (failed) showErrorToast('Erreur', 'Impossible de charger le contrat');
  }, [failed]);

  if (signedOut || isUnauthorized(contract.error))
    return <SessionExpired redirect={`/contract/${orderId}`} />;
  if (contract.data) {
    const onSigned = () => {
      showSuccessToast('Contrat signé', 'Merci ! Votre signature a bien été enregistrée.');
      void navigate({ to: '/dashboard', hash: orderAnchor(orderId) });
    };
    return (
      <ContractToRead
        contract={contract.data}
        orderId={orderId}
        onSigned={onSigned}
        onUnauthorized={() => setSignedOut(true)}
      />
    );
  }
  if (contract.data === null) return <ContractBeingPrepared />;
  if (notFound)
    return (
      <Notice title="Contrat introuvable">
        Ce contrat n'existe pas ou n'est pas accessible depuis votre compte.
      </Notice>
    );
  if (contract.isError)
    return (
      <Notice title="Le contrat n'a pas pu être chargé">
        <Button variant="outline" pending={contract.isFetching} onClick={() => void contract.refetch()}>
          Réessayer
        </Button>
      </Notice>
    );
  return <Spinner label="Chargement du contrat..." className="py-16" />;
}

interface ContractToReadProps {
  contract: Contract;
  orderId: string;
  onSigned: () => void;
  onUnauthorized: () => void;
}

function ContractToRead({ contract, orderId, onSigned, onUnauthorized }: ContractToReadProps) {
  return (
    <div className="flex flex-col gap-8">
      {contract.signed && (
        <p
          role="status"
          className="rounded-2xl border border-emerald-200 bg-emerald-50 px-5 py-4 font-medium text-emerald-900"
        >
          {contract.signedAt ? `Contrat signé le ${formatDateTime(contract.signedAt)}` : 'Contrat signé'}
          {contract.signerName && <> par {contract.signerName}</>}.
        </p>
      )}
      <ContractDocument html={contract.html} />
      {!contract.signed && (
        <SignContractForm
          orderId={orderId}
          documentSha256={contract.documentSha256}
          onSigned={onSigned}
          onUnauthorized={onUnauthorized}
        />
      )}
    </div>
  );
}

function ContractBeingPrepared() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
      <Spinner label="Préparation du contrat..." />
      <h2 className="text-lg font-semibold text-slate-900">Votre contrat est en cours de préparation</h2>
      <p className="max-w-md text-slate-600">
        Il s'affichera ici dans quelques instants, sans que vous ayez à recharger la page.
      </p>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="text-slate-600">{children}</div>
    </div>
  );
}
