// The page-wide shortcuts of the shell: Ctrl/⌘+K opens the command palette (its code loads on the first press),
// `?` the shortcuts dialog.
import { Suspense, useEffect, useState } from 'react';
import { ShortcutsDialog } from './ShortcutsDialog';
import { shortcutAction } from './shortcuts';
import { lazyLoaded } from '../../lib/load-again';

const CommandPalette = lazyLoaded(() => import('./CommandPalette'));

export function KeyboardShortcuts() {
  const [paletteRequest, setPaletteRequest] = useState(0);
  const [shortcutsOpened, setShortcutsOpened] = useState(false);
  // Mounted from its first opening on (a closed Modal still mounts a portal): it then closes with its transition.
  const [shortcutsMounted, setShortcutsMounted] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutAction(event);
      if (action === null || event.defaultPrevented) return;
      event.preventDefault();
      if (action === 'palette') {
        setShortcutsOpened(false);
        setPaletteRequest((count) => count + 1);
      } else {
        setShortcutsMounted(true);
        setShortcutsOpened(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      {paletteRequest > 0 && (
        <Suspense fallback={null}>
          <CommandPalette request={paletteRequest} />
        </Suspense>
      )}
      {shortcutsMounted && <ShortcutsDialog opened={shortcutsOpened} onClose={() => setShortcutsOpened(false)} />}
    </>
  );
}
