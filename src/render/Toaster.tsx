import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { useFirstScreenDrawn } from './first-screen';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from './notify';
import classes from './Toaster.module.css';

/** Mount once inside MantineProvider; `notifySuccess` and friends render here. Its portal waits for the first screen
 * (./first-screen.ts): a notice shown before then waits in Mantine's store and appears with it. */
export function Toaster() {
  const screenDrawn = useFirstScreenDrawn();
  if (!screenDrawn) return null;
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} classNames={{ root: classes.root }} />;
}
