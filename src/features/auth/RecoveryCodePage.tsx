import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/errors';
import { callOperation } from '../../api/resource';
import { useFormValidator } from '../../render/form/useFormValidator';
import { AuthCard } from './AuthCard';
import { ErrorAlert } from './ErrorAlert';

/** users-and-wallets §2: a `+` in the email arrives as a space in the query string; turn it back. */
export function emailFromQuery(raw: string | null): string {
  return (raw ?? '').replace(/ /g, '+');
}

export default function RecoveryCodePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = emailFromQuery(params.get('email'));
  const validate = useFormValidator('recovery-code');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validate({ recoverycode: code });
    setFieldError(errors.recoverycode);
    if (errors.recoverycode) return;
    setBusy(true);
    try {
      // users-and-wallets §4, §7: the code and its e-mail for a reset token (an Account without an id, so the document).
      const answer = await callOperation('verifyRecoveryCode', {}, { body: { data: { type: 'Account', attributes: { email, recoverycode: code.trim() } } } });
      navigate(`/auth/resetpassword/${encodeURIComponent(answer.data.attributes.resetPasswordToken)}`);
    } catch (error) {
      setAlert(errorText(error));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Recovery code">
      <Text size="sm">
        Enter the recovery code sent to <b>{email}</b>.
      </Text>
      <ErrorAlert message={alert} onDismiss={() => setAlert(null)} />
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Recovery code"
            autoComplete="one-time-code"
            required
            value={code}
            error={fieldError}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Group justify="space-between">
            <Button variant="default" component={Link} to="/login">
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
