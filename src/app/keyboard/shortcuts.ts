// The app's keyboard shortcuts: what the `?` dialog lists (and the README's "Keyboard"), and which key presses on
// the page open the command palette or that dialog.

export interface Shortcut {
  keys: readonly string[];
  does: string;
}

export const SHORTCUTS: readonly { area: string; shortcuts: readonly Shortcut[] }[] = [
  {
    area: 'Anywhere',
    shortcuts: [
      { keys: ['Ctrl', 'K'], does: 'Open the command palette (⌘ K on a Mac)' },
      { keys: ['?'], does: 'Show these shortcuts' },
      { keys: ['Esc'], does: 'Close the palette, a dialog or a side panel' },
    ],
  },
  {
    area: 'Command palette',
    shortcuts: [
      { keys: ['↑', '↓'], does: 'Choose a page, a user or a transaction' },
      { keys: ['Enter'], does: 'Go to the chosen one' },
    ],
  },
  {
    area: 'Tables',
    shortcuts: [
      { keys: ['↑', '↓'], does: 'Move to the row above or below' },
      { keys: ['Home', 'End'], does: 'Move to the first or the last row of the page' },
      { keys: ['PageUp', 'PageDown'], does: 'Move ten rows up or down' },
      { keys: ['Enter'], does: 'Open the focused row' },
    ],
  },
];

export type ShortcutAction = 'palette' | 'shortcuts';

/** True while the key goes into a text field, a select or an editable element. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target.getAttribute('role') === 'combobox' || target.getAttribute('role') === 'textbox';
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'repeat'>;

/** What a key press on the page asks for: Ctrl/⌘+K the palette (also while typing), `?` the shortcuts (never while typing). */
export function shortcutAction(event: KeyPress): ShortcutAction | null {
  if (event.repeat || event.altKey) return null;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return 'palette';
  if (event.key === '?' && !event.ctrlKey && !event.metaKey && !isTyping(event.target)) return 'shortcuts';
  return null;
}
