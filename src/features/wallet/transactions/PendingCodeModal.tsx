// The OTP action of the transaction tables (users-and-wallets §4; remittances-and-payouts §2 "OTP entry"): the top-up
// modal at its code step for one PENDING transaction, with re-send and Send Request.
import { useEffect, useState } from 'react';
import type { WalletTransactionRow } from './transaction-row';
import { pendingTransactionOf } from '../top-up/code-step';
import { kindOfTransaction } from '../top-up/top-up-kind';
import type { TopUpActors } from '../top-up/top-up-actors';
import { TopUpModal } from '../top-up/TopUpModal';
import { useTopUpClosed } from '../top-up/use-top-up-closed';

export interface PendingCodeModalProps {
  /** The transaction whose code is asked for; null closes the modal. */
  transaction: WalletTransactionRow | null;
  onClose: () => void;
  onChanged?: () => void;
  actors?: TopUpActors;
}

export function PendingCodeModal({ transaction, onClose, onChanged, actors }: PendingCodeModalProps) {
  // Keeps the last transaction drawn while the modal closes.
  const [shown, setShown] = useState(transaction);
  useEffect(() => {
    if (transaction) setShown(transaction);
  }, [transaction]);
  const closed = useTopUpClosed(onChanged);
  if (!shown) return null;
  return (
    <TopUpModal
      key={shown.id}
      opened={transaction !== null}
      kind={kindOfTransaction(shown.type)}
      receiverUserId={shown.receiverUserId}
      currency={shown.currency}
      pending={pendingTransactionOf(shown)}
      actors={actors}
      onClose={(result) => {
        onClose();
        closed(result);
      }}
    />
  );
}
