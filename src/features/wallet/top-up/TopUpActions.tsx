// The Top-up / Cash Out / Cash In Loan buttons for a user (users-and-wallets §2, §4): one per service the gateway
// offers on this user's wallet (getUser's `services`), each opening the one top-up modal for that service.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { TOP_UP_TEXT, type TopUpKind } from '../../../flows/top-up.machine';
import { kindOfService } from './top-up-kind';
import type { TopUpActors } from './top-up-actors';
import { TopUpModal } from './TopUpModal';
import { useTopUpClosed } from './use-top-up-closed';

export interface TopUpService {
  id: string;
  name: string;
  type: number;
}

export interface TopUpReceiver {
  id: string;
  wallet?: { currency?: string | null } | null;
  services?: readonly TopUpService[] | null;
}

export interface TopUpActionsProps {
  user: TopUpReceiver;
  /** After a top-up that may have moved money: refresh the user (the wallet lists refresh themselves). */
  onCompleted?: () => void;
  actors?: TopUpActors;
}

interface Chosen {
  kind: TopUpKind;
  serviceId: string;
}

export function TopUpActions({ user, onCompleted, actors }: TopUpActionsProps) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [opened, setOpened] = useState(false);
  const closed = useTopUpClosed(onCompleted);
  const offers = (user.services ?? []).flatMap((service) => {
    const kind = kindOfService(service);
    return kind ? [{ kind, service }] : [];
  });
  if (offers.length === 0) return null;

  return (
    <>
      <Group gap="xs">
        {offers.map(({ kind, service }) => (
          <Button
            key={service.id}
            variant="light"
            onClick={() => {
              setChosen({ kind, serviceId: service.id });
              setOpened(true);
            }}
          >
            {TOP_UP_TEXT.titles[kind]}
          </Button>
        ))}
      </Group>
      {chosen && (
        <TopUpModal
          opened={opened}
          kind={chosen.kind}
          serviceId={chosen.serviceId}
          receiverUserId={user.id}
          currency={user.wallet?.currency}
          actors={actors}
          onClose={(result) => {
            setOpened(false);
            closed(result);
          }}
        />
      )}
    </>
  );
}
