import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/errors';
import { sessionStore } from '../../api/session';
import { safeRedirect } from './redirect';
import { AuthCard } from './AuthCard';
import { ErrorAlert } from './ErrorAlert';
import { signIn } from './api/sign-in';

const LOGIN_FAILED = 'Login failed!';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // users-and-wallets §4: the alert stays until dismissed; a 401 elsewhere leaves its text for this page.
  const [alert, setAlert] = useState<string | null>(() => sessionStore.loginMessage());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email || !password) return;
    setBusy(true);
    try {
      const outcome = await signIn(email.trim(), password);
      if (outcome.kind === 'factor') {
        // Issue 28: the factor step of this page is not built yet; say so rather than land back here.
        setAlert('This account signs in with a second factor, which this page cannot ask for yet.');
        setBusy(false);
        return;
      }
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      setAlert(errorText(error, LOGIN_FAILED));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in">
      <Text size="sm" c="dimmed">
        An advanced platform for international remittances and mobile payments, developed in-house.
      </Text>
      <ErrorAlert
        message={alert}
        onDismiss={() => {
          sessionStore.dismissLoginMessage();
          setAlert(null);
        }}
      />
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
            data-autofocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            required
          />
          {/* users-and-wallets §5: enabled only when both fields are filled */}
          <Button type="submit" disabled={!email || !password} loading={busy}>
            Login
          </Button>
          <Anchor component={Link} to="/forgetpassword" size="sm">
            Forgot password?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
