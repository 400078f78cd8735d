import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorText } from '../../api/errors';
import { mutateOperation } from '../../api/resource';
import { useFormValidator } from '../../render/form/useFormValidator';
import { AuthCard } from './AuthCard';
import { ErrorAlert } from './ErrorAlert';

type Mode = 'reset' | 'newAccount';

// users-and-wallets §2: one screen, two modes.
const texts: Record<Mode, { heading: string; submit: string; success: string }> = {
  reset: { heading: 'Reset Password', submit: 'Reset Password', success: 'You have successfully reset your password.' },
  newAccount: {
    heading: 'Your new account has been created',
    submit: 'Set Password',
    success: 'You have successfully set your password.',
  },
};

export default function NewPasswordPage({ mode }: { mode: Mode }) {
  const { token = '' } = useParams();
  const text = texts[mode];
  const validate = useFormValidator('new-password');
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      // users-and-wallets §4, §7: a new password with a reset or new-account token.
      await mutateOperation('resetPassword', { attributes: { password: values.password, resetPasswordToken: token } });
      setDone(true);
    } catch (error) {
      setAlert(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthCard title={text.heading}>
        <Text role="status">{text.success}</Text>
        <Button component={Link} to="/login">
          Go to Login
        </Button>
      </AuthCard>
    );
  }

  const bothFilled = values.password !== '' && values.confirmPassword !== '';
  return (
    <AuthCard title={text.heading}>
      <ErrorAlert message={alert} onDismiss={() => setAlert(null)} />
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={values.password}
            error={errors.password}
            onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={(event) => setValues({ ...values, confirmPassword: event.currentTarget.value })}
          />
          <Button type="submit" loading={busy} disabled={!bothFilled}>
            {text.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** /auth/resetpassword/:token (./manifest.ts). */
export function ResetPasswordPage() {
  return <NewPasswordPage mode="reset" />;
}

/** /auth/newpassword/:token (./manifest.ts). */
export function NewAccountPasswordPage() {
  return <NewPasswordPage mode="newAccount" />;
}
