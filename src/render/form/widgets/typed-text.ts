// Issue 27: a key in a form's text field is drawn from the field's own state; RJSF hears of it after that paint. Its
// change (the whole form's state computed again and, after the first submit, validated) cost more than a frame per key
// in the create-user wizard. What is typed reaches RJSF at once on blur, on Enter (an Enter submits what was typed) and
// when the field goes away; a value RJSF hands down that is not the one last handed to it (a reset, new initial data)
// replaces the typed text.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLatest } from '../../use-latest';

/** How long a change may wait for the browser's idle time after the paint before it runs anyway (a busy page). */
const IDLE_WITHIN_MS = 100;

/** Runs `work` once the frame after this call is painted; returns what cancels it. */
function afterNextPaint(work: () => void): () => void {
  // The idle time after a frame comes once that frame is produced and the tasks waiting beside it have run.
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_WITHIN_MS });
    return () => cancelIdleCallback(handle);
  }
  // Browsers without idle callbacks (Safari), and jsdom: a task after the next frame.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export interface TypedTextOptions<V> {
  /** The field's text for a value RJSF holds. */
  format: (value: V) => string;
  /** The value RJSF is handed for a text. */
  parse: (text: string) => V;
  /** RJSF's onChange for the field. */
  onChange: (value: V) => void;
  /** RJSF's onBlur for the field, told after what was typed is handed on. */
  onBlur: (text: string) => void;
}

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/** The format and parse of a field holding text: an empty field holds the field's `emptyValue`. */
export function plainText(emptyValue: unknown): Pick<TypedTextOptions<unknown>, 'format' | 'parse'> {
  return { format: (value) => (typeof value === 'string' ? value : ''), parse: (text) => (text === '' ? emptyValue : text) };
}

export interface TypedText {
  /** What the field shows. */
  text: string;
  /** The field's new text: drawn now, handed to RJSF after the paint. */
  type: (text: string) => void;
  /** The text, its changes, Enter and blur, for a Mantine TextInput, PasswordInput or Textarea. */
  inputProps: {
    value: string;
    onChange: (event: ChangeEvent<TextElement>) => void;
    onKeyDown: (event: KeyboardEvent<TextElement>) => void;
    onBlur: () => void;
  };
}

/** The text of an RJSF field typed into (see the header); `value` is the field's value as RJSF hands it down. */
export function useTypedText<V>(value: V, options: TypedTextOptions<V>): TypedText {
  const latest = useLatest(options);
  const [text, setText] = useState(() => options.format(value));
  const typed = useRef(text);
  // The value RJSF holds as far as the field knows: the last one it handed down, or was handed.
  const known = useRef(value);
  const cancelPending = useRef<(() => void) | null>(null);

  // Hands what is typed to RJSF now; nothing when it already has it.
  const commit = useCallback(() => {
    const cancel = cancelPending.current;
    if (!cancel) return;
    cancel();
    cancelPending.current = null;
    const next = latest.current.parse(typed.current);
    known.current = next;
    latest.current.onChange(next);
  }, [latest]);

  const type = useCallback(
    (next: string) => {
      typed.current = next;
      setText(next);
      // One change waits at a time, and it hands on the latest text: keys faster than the paint are one change.
      cancelPending.current ??= afterNextPaint(() => flushSync(commit));
    },
    [commit],
  );

  useLayoutEffect(() => {
    if (Object.is(value, known.current)) return;
    known.current = value;
    cancelPending.current?.();
    cancelPending.current = null;
    typed.current = latest.current.format(value);
    setText(typed.current);
  }, [value, latest]);

  // A field that goes away (a rule hides it, the step closes) leaves what was typed with the form.
  useEffect(() => commit, [commit]);

  const inputProps = {
    value: text,
    onChange: (event: ChangeEvent<TextElement>) => type(event.currentTarget.value),
    onKeyDown: (event: KeyboardEvent<TextElement>) => {
      if (event.key === 'Enter') commit();
    },
    onBlur: () => {
      commit();
      latest.current.onBlur(typed.current);
    },
  };
  return { text, type, inputProps };
}
