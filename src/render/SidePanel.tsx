// users-and-wallets §2 and §9: the side sliding panel (e.g. 'User Information') shows its content after 1 second,
// with a loader until then.
import { useEffect, useState, type ReactNode } from 'react';
import { Drawer } from '@mantine/core';
import { Loading } from './Loading';

export const SIDE_PANEL_DELAY_MS = 1000;

export interface SidePanelProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: string | number;
  /** users-and-wallets §9: 1 second. */
  delayMs?: number;
}

export function SidePanel({ opened, onClose, title, children, size = 'xl', delayMs = SIDE_PANEL_DELAY_MS }: SidePanelProps) {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (!opened) {
      setRevealed(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setRevealed(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [opened, delayMs]);

  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size={size} closeButtonProps={{ 'aria-label': 'Close' }}>
      {revealed ? (
        children
      ) : (
        <Loading />
      )}
    </Drawer>
  );
}

/** Scrolls the panel (or page) holding `element` back to its top: when an edit form gives way to the shorter details,
 * the browser would otherwise keep a scroll offset that cuts the summary and avatar off. */
export function scrollPanelToTop(element: HTMLElement | null) {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    if (node.scrollTop > 0) {
      node.scrollTop = 0;
      return;
    }
  }
}
