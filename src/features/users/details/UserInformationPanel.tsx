// users-and-wallets §2: choosing a row or its view action opens the side sliding panel 'User Information', whose
// content appears after 1 second (SidePanel).
import { useEffect, useState } from 'react';
import { SidePanel } from '../../../render/SidePanel';
import type { OpenedFrom } from '../slots';
import { UserDetails } from './UserDetails';

export const USER_PANEL_TITLE = 'User Information';

export interface UserInformationPanelProps {
  /** The user shown; null closes the panel. */
  userId: string | null;
  onClose: () => void;
  openedFrom?: OpenedFrom;
}

export function UserInformationPanel({ userId, onClose, openedFrom = 'users' }: UserInformationPanelProps) {
  // Keeps the last user drawn while the panel slides out.
  const [shown, setShown] = useState(userId);
  useEffect(() => {
    if (userId !== null) setShown(userId);
  }, [userId]);
  return (
    <SidePanel opened={userId !== null} onClose={onClose} title={USER_PANEL_TITLE}>
      {shown !== null && <UserDetails key={shown} userId={shown} openedFrom={openedFrom} />}
    </SidePanel>
  );
}
