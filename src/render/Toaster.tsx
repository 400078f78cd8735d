import '@mantine/notifications/styles.layer.css';
import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useFirstScreenDrawn } from './first-screen';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from './notify';
import classes from './Toaster.module.css';

// Above dialogs and side panels, below what a person opens on purpose: Mantine draws toasts over every menu, list and
// calendar, so for five seconds a toast at the top right hid the account menu's Logout.
const TOAST_Z_INDEX = getDefaultZIndex('modal') + 50;

/** Mount once inside MantineProvider; `notifySuccess` and friends render here. Its portal waits for the first screen
 * (./first-screen.ts): a notice shown before then waits in Mantine's store and appears with it. */
export function Toaster() {
  const screenDrawn = useFirstScreenDrawn();
  if (!screenDrawn) return null;
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} zIndex={TOAST_Z_INDEX} classNames={{ root: classes.root }} />;
}
