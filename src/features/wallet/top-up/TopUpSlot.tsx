// The top-up modal for the service chosen in the users details' top-up service dropdown (the users feature's `topUp`
// slot): it opens at once, and tells the details to refresh the user after money may have moved.
import { useEffect, useState } from 'react';
import type { RuleContext } from '../../../config/rules';
import { kindOfService } from './top-up-kind';
import type { TopUpReceiver, TopUpService } from './TopUpActions';
import type { TopUpActors } from './top-up-actors';
import { TopUpModal } from './TopUpModal';
import { useTopUpClosed } from './use-top-up-closed';

export interface TopUpSlotProps {
  user: TopUpReceiver;
  context: RuleContext;
  service: TopUpService;
  onChanged: () => void;
  /** Called once the modal has closed. */
  onClose: () => void;
  actors?: TopUpActors;
}

export function TopUpSlot({ user, service, onChanged, onClose, actors }: TopUpSlotProps) {
  const [opened, setOpened] = useState(true);
  const closed = useTopUpClosed(onChanged);
  const kind = kindOfService(service);
  // A service the modal does not make (P2P, Request Money) has nothing to open.
  useEffect(() => {
    if (!kind) onClose();
  }, [kind, onClose]);
  if (!kind) return null;
  return (
    <TopUpModal
      opened={opened}
      kind={kind}
      serviceId={service.id}
      receiverUserId={user.id}
      currency={user.wallet?.currency}
      actors={actors}
      onClose={(result) => {
        setOpened(false);
        closed(result);
      }}
      // The dropdown unmounts this slot on onClose; waiting for the transition lets focus return to it first.
      onExitTransitionEnd={onClose}
    />
  );
}
