// How an enrolment dialog (an authenticator app, a passkey) ends, the same for both machines: their `busy` tag, the
// recovery codes once they show, CANCEL and SAVED, and the machine's output handed to the screen that opened it.
import { useEffect } from 'react';

/** What of an enrolment machine's snapshot the ending reads (totp- and passkey-enrolment.machine.ts). */
interface EnrolmentSnapshot {
  status: string;
  output?: { enrolled: boolean };
  context: { recoveryCodes: string[] };
  hasTag(tag: 'busy'): boolean;
  matches(state: 'showingCodes'): boolean;
}

/** RecoveryCodesModal's props for the dialog of `snapshot`; `onDone(enrolled)` once the machine has ended. */
export function useEnrolmentEnd(snapshot: EnrolmentSnapshot, send: (event: { type: 'CANCEL' } | { type: 'SAVED' }) => void, onDone: (enrolled: boolean) => void) {
  const done = snapshot.status === 'done';
  const enrolled = snapshot.output?.enrolled ?? false;
  useEffect(() => {
    if (done) onDone(enrolled);
  }, [done, enrolled, onDone]);
  return {
    busy: snapshot.hasTag('busy'),
    codes: snapshot.matches('showingCodes') ? snapshot.context.recoveryCodes : null,
    onCancel: () => send({ type: 'CANCEL' }),
    onSaved: () => send({ type: 'SAVED' }),
  };
}
