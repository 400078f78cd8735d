// The auth screens (src/config/routes.ts ScreenManifest): users-and-wallets §2 public routes, open to a guest only.
import type { ScreenManifest } from '../../config/routes';

export const screens: ScreenManifest = {
  login: { module: './LoginPage', loadsWithApp: true, routes: [{ path: '/login', title: 'Sign in', access: 'guest' }] },
  forgetPassword: { module: './ForgotPasswordPage', routes: [{ path: '/forgetpassword', title: 'Forgot password', access: 'guest' }] },
  recoveryCode: { module: './RecoveryCodePage', routes: [{ path: '/recoverycode', title: 'Recovery code', access: 'guest' }] },
  resetPassword: { module: './NewPasswordPage', component: 'ResetPasswordPage', routes: [{ path: '/auth/resetpassword/:token', title: 'Reset Password', access: 'guest' }] },
  newPassword: {
    module: './NewPasswordPage',
    component: 'NewAccountPasswordPage',
    routes: [{ path: '/auth/newpassword/:token', title: 'Your new account has been created', access: 'guest' }],
  },
};
