// First: the API client keeps the fetch it finds when it is created.
import { fetchProxy } from '../../api/test-support/fetch-proxy';
import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGateway } from '../../api/test-support/fake-gateway';
import { loadCompiledForm } from '../../render/form/compiled-forms';
import { renderWithProviders } from '../../render/test-utils';
import LoginPage from './LoginPage';
import NewPasswordPage from './NewPasswordPage';

// The new-password screen suspends until its form's validator has loaded.
beforeAll(async () => {
  await loadCompiledForm('new-password');
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
