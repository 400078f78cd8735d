import { Suspense, useCallback, useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/errors';
import { lazyLoaded } from '../../lib/load-again';
import { sessionStore } from '../../api/session';
import { safeRedirect } from './redirect';
import { AuthCard } from './AuthCard';
import { ErrorAlert } from './ErrorAlert';
import { signIn, type FactorChallenge } from './api/sign-in';

// Issue 28: the factor step (its XState machine and the passkey prompt) loads only for a sign-in that owes a factor, so
// the login route's first bytes stay within their budget (scripts/check-login-size.ts).
const FactorStep = lazyLoaded(() => import('./FactorStep'));

const LOGIN_FAILED = 'Login failed!';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<FactorChallenge | null>(null);
  const done = useCallback(() => navigate(safeRedirect(params.get('redirect')), { replace: true }), [navigate, params]);
  const restart = useCallback(() => {
    setChallenge(null);
    setPassword('');
  }, []);
  // users-and-wallets §4: the alert stays until dismissed; a 401 elsewhere leaves its text for this page.
  const [alert, setAlert] = useState<string | null>(() => sessionStore.loginMessage());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email || !password) return;
    setBusy(true);
    try {
      const outcome = await signIn(email.trim(), password);
      if (outcome.kind === 'factor') {
        setChallenge(outcome.challenge);
        setBusy(false);
        return;
      }
      done();
    } catch (error) {
      setAlert(errorText(error, LOGIN_FAILED));
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <Suspense fallback={<AuthCard title="Second factor">{null}</AuthCard>}>
        <FactorStep challenge={challenge} onDone={done} onRestart={restart} />
      </Suspense>
    );
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
