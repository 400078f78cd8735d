// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../api/test-support/fetch-proxy';
import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway } from '../../api/test-support/fake-gateway';
import { loadCompiledForm } from '../../render/form/compiled-forms';
import { renderWithProviders } from '../../render/test-utils';
import LoginPage from './LoginPage';
import NewPasswordPage from './NewPasswordPage';
import RecoveryCodePage from './RecoveryCodePage';

// The new-password screen suspends until its form's validator has loaded.
beforeAll(async () => {
  await loadCompiledForm('new-password');
  await loadCompiledForm('recovery-code');
});

let gateway: FakeGateway;
beforeEach(() => {
  sessionStorage.clear();
  gateway = new FakeGateway();
  fetchProxy.handle = gateway.handle;
});

describe('sign-in screens (users-and-wallets §1, §2)', () => {
  it('[UW-1.01] the login card describes the product as an in-house platform for international remittances and mobile payments', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    const card = screen.getByRole('heading', { name: 'Sign in' }).closest('.mantine-Card-root');
    expect(card).not.toBeNull();
    expect(card).toHaveTextContent(/advanced platform for international remittances and mobile payments, developed in-house/);
  });

  it("[UW-2.20] new-account mode says 'You have successfully set your password.' once the password is set", async () => {
    gateway.on('PATCH', '/api/v1/um/account', () => ({ body: { meta: { message: 'You have successfully set your password.' } } }));
    renderWithProviders(
      <Suspense fallback={<p>Loading...</p>}>
        <Routes>
          <Route path="/auth/newpassword/:token" element={<NewPasswordPage mode="newAccount" />} />
        </Routes>
      </Suspense>,
      { route: '/auth/newpassword/new-account-token' },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'Welcome1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Welcome1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(/^You have successfully set your password\.$/);
    expect(screen.queryByText('You have successfully reset your password.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(gateway.callsTo('PATCH', '/api/v1/um/account')[0]?.body).toEqual({
      data: { type: 'Account', attributes: { password: 'Welcome1', resetPasswordToken: 'new-account-token' } },
    });
  });
});

describe('recovery calls on the wire (users-and-wallets §4, §7)', () => {
  /** Where the recovery code page goes with the token the gateway answered. */
  function ResetOpened() {
    const { token } = useParams();
    return <p>Reset with {token}</p>;
  }

  it('[UW-3.13] sends the recovery code as recoverycode, with the e-mail it was sent to', async () => {
    gateway.on('POST', '/api/v1/um/account/recovery', () => ({
      body: { data: { type: 'Account', attributes: { resetPasswordToken: 'reset-token' } } },
    }));
    renderWithProviders(
      <Suspense fallback={<p>Loading...</p>}>
        <Routes>
          <Route path="/recoverycode" element={<RecoveryCodePage />} />
          <Route path="/auth/resetpassword/:token" element={<ResetOpened />} />
        </Routes>
      </Suspense>,
      { route: '/recoverycode?email=group@demo.test' },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Recovery code/), '482913');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Reset with reset-token')).toBeInTheDocument();
    const [call] = gateway.callsTo('POST', '/api/v1/um/account/recovery');
    expect(call?.body).toEqual({ data: { type: 'Account', attributes: { email: 'group@demo.test', recoverycode: '482913' } } });
  });

  it('[UW-7.13] resets with PATCH api/v1/um/account carrying password and resetPasswordToken', async () => {
    gateway.on('PATCH', '/api/v1/um/account', () => ({ body: { meta: { message: 'You have successfully reset your password.' } } }));
    renderWithProviders(
      <Suspense fallback={<p>Loading...</p>}>
        <Routes>
          <Route path="/auth/resetpassword/:token" element={<NewPasswordPage mode="reset" />} />
        </Routes>
      </Suspense>,
      { route: '/auth/resetpassword/reset-token' },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'Fresh@2026');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Fresh@2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('status')).toBeInTheDocument();
    const [call] = gateway.callsTo('PATCH', '/api/v1/um/account');
    expect(call?.body).toEqual({ data: { type: 'Account', attributes: { password: 'Fresh@2026', resetPasswordToken: 'reset-token' } } });
  });
});
