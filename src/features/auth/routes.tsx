import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Sign-in and join pages (spec 2.1, 2.2, 4 "Login"). */
export const routes: FeatureRoutes = {
  namespaces: ['auth'],
  app: [
    {
      id: 'signin-token',
      path: 'signin/:token?',
      handle: { title: 'app:titles.signin', layout: 'default', guards: ['guest'] },
      lazy: lazyPage(() => import('./pages/SignInRoutePage')),
    },
    {
      id: 'register-token',
      path: 'register/:token?',
      handle: { title: 'app:titles.register', layout: 'default', guards: ['guest'] },
      lazy: lazyPage(() => import('./pages/SignUpPage')),
    },
    {
      id: 'verify',
      path: 'verify',
      handle: { title: 'app:titles.verify', layout: 'default' },
      lazy: lazyPage(() => import('./pages/VerifyPage')),
    },
    {
      id: 'password-forgot',
      path: 'password/forgot',
      handle: { title: 'app:titles.password_forgot', layout: 'default', guards: ['guest'] },
      lazy: lazyPage(() => import('./pages/ForgotPasswordPage')),
    },
    {
      id: 'password-reset',
      path: 'password/reset',
      handle: { title: 'app:titles.password_reset', layout: 'default' },
      lazy: lazyPage(() => import('./pages/ResetPasswordPage')),
    },
    {
      id: 'oauth-callback',
      path: 'oauth/callback',
      handle: { title: 'app:titles.oauth_callback', layout: 'default' },
      lazy: lazyPage(() => import('./pages/OAuthCallbackPage')),
    },
  ],
};
