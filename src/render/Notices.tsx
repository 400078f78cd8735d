// The toasts themselves, loaded once a cold load's first screen has drawn (./Toaster.tsx): Mantine's notifications
// and their transitions are not part of what a list's first screen downloads.
import '@mantine/notifications/styles.layer.css';
import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from './notify';
import classes from './Toaster.module.css';

// Above the header (the toasts sit in its band), below dialogs, side panels and what a person opens on purpose: a toast
// never takes the clicks meant for an open dialog's actions (issue 22), nor hides the account menu's Logout.
const TOAST_Z_INDEX = getDefaultZIndex('modal') - 1;

export default function Notices() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} zIndex={TOAST_Z_INDEX} classNames={{ root: classes.root }} />;
}
