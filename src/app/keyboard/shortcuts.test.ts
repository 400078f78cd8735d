import { describe, expect, it } from 'vitest';
import { isTyping, shortcutAction } from './shortcuts';

const press = (key: string, target: EventTarget | null = document.body, modifiers: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; repeat?: boolean } = {}) =>
  shortcutAction({ key, target, ctrlKey: false, metaKey: false, altKey: false, repeat: false, ...modifiers });

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

describe('page shortcuts', () => {
  it('opens the palette on Ctrl+K and ⌘+K, also while typing', () => {
    expect(press('k', document.body, { ctrlKey: true })).toBe('palette');
    expect(press('K', document.body, { metaKey: true })).toBe('palette');
    expect(press('k', element('input'), { ctrlKey: true })).toBe('palette');
    expect(press('k')).toBeNull();
    expect(press('k', document.body, { ctrlKey: true, altKey: true })).toBeNull();
  });

  it('opens the shortcuts on ? outside text fields only', () => {
    expect(press('?')).toBe('shortcuts');
    expect(press('?', element('button'))).toBe('shortcuts');
    expect(press('?', element('input', { type: 'checkbox' }))).toBe('shortcuts');
    for (const field of [element('input'), element('input', { type: 'search' }), element('textarea'), element('select'), element('div', { role: 'combobox' })]) {
      expect(press('?', field)).toBeNull();
    }
    expect(press('?', document.body, { repeat: true })).toBeNull();
    expect(press('/', document.body)).toBeNull();
  });

  it('counts an editable element as typing', () => {
    const editable = element('div');
    editable.contentEditable = 'true';
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTyping(editable)).toBe(true);
    expect(isTyping(null)).toBe(false);
  });
});
