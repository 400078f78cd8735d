import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from './notify';
import classes from './Toaster.module.css';

/** Mount once inside MantineProvider; `notifySuccess` and friends render here. */
export function Toaster() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} classNames={{ root: classes.root }} />;
}
