import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../api/errors';
import { useFormValidator } from '../../render/form/useFormValidator';
import { AuthCard } from './AuthCard';
import { ErrorAlert } from './ErrorAlert';
import { requestPasswordReset } from './api/request-password-reset';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const validate = useFormValidator('forget-password');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validate({ email });
    setFieldError(errors.email);
    if (errors.email) return;
    setBusy(true);
    try {
      const outcome = await requestPasswordReset(email.trim());
      // users-and-wallets §4: a 300 answer continues with a recovery code
      if (outcome === 'recoveryCode') navigate(`/recoverycode?email=${encodeURIComponent(email.trim())}`);
      else setSentTo(email.trim());
    } catch (error) {
      setAlert(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title="Forgot password">
        <Text role="status">
          {`If you have an existing and valid account from us, you will receive an email at ${sentTo} for the link and instructions to reset your password`}
        </Text>
        <Button component={Link} to="/login">
          Back to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password">
      <Text size="sm" c="dimmed">
        Enter the email address of your account.
      </Text>
      <ErrorAlert message={alert} onDismiss={() => setAlert(null)} />
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={fieldError}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Group justify="space-between">
            <Button variant="subtle" component={Link} to="/login">
              Back to Login
            </Button>
            <Button type="submit" loading={busy}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
