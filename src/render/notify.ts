// users-and-wallets §2 and §9: toasts appear at the top and close after 5 seconds; four types with default titles
// quoted from the spec (typo included: staff know 'An Error Occured!'). At the top centre, not the right: the top
// right is where a screen's toolbar and the header's tools are, and a toast there took their clicks (issue 22).
import { notifications } from '@mantine/notifications';

export const TOAST_POSITION = 'top-center';
export const TOAST_AUTO_CLOSE_MS = 5000;

export type ToastType = 'success' | 'info' | 'error' | 'warning';

export const DEFAULT_TOAST_TITLES: Record<ToastType, string> = {
  success: 'Request Success!',
  info: 'Information!',
  error: 'An Error Occured!',
  warning: 'Warning!',
};

const COLORS: Record<ToastType, string> = { success: 'green', info: 'blue', error: 'red', warning: 'yellow' };

/** `id` names a flow's notice, so the flow can take it down again (hideNotice) when it starts over. */
export function notify(type: ToastType, message: string, title?: string, id?: string): string {
  return notifications.show({
    id,
    color: COLORS[type],
    title: title ?? DEFAULT_TOAST_TITLES[type],
    message,
    position: TOAST_POSITION,
    autoClose: TOAST_AUTO_CLOSE_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    // Mantine's dimmed description text is below 4.5:1 contrast; the toast reads in the body text colour.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    'data-toast-type': type,
  });
}

export const notifySuccess = (message: string, title?: string, id?: string) => notify('success', message, title, id);
export const notifyInfo = (message: string, title?: string) => notify('info', message, title);
export const notifyError = (message: string, title?: string) => notify('error', message, title);
export const notifyWarning = (message: string, title?: string) => notify('warning', message, title);

/** Takes down the notice shown with `id`, if it still shows. */
export const hideNotice = (id: string) => void notifications.hide(id);
