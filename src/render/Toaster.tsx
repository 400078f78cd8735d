import { Suspense } from 'react';
import { useFirstScreenDrawn } from './first-screen';
import { lazyLoaded } from '../lib/load-again';

const Notices = lazyLoaded(() => import('./Notices'));

/** Mount once inside MantineProvider; `notifySuccess` and friends render here. It loads and draws once the first
 * screen has (./first-screen.ts): a notice shown before then waits in Mantine's store and appears with it. */
export function Toaster() {
  const screenDrawn = useFirstScreenDrawn();
  if (!screenDrawn) return null;
  return (
    <Suspense fallback={null}>
      <Notices />
    </Suspense>
  );
}
