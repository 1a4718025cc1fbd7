import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Sign-in and join pages (spec 2.1, 2.2, 4 "Login"). */
export const routes: FeatureRoutes = {
  namespaces: ['auth'],
  app: [
    pageRoute(() => import('./pages/SignInRoutePage'), {
      id: 'signin-token',
      path: 'signin/:token?',
      handle: { title: 'app:titles.signin', layout: 'default', guards: ['guest'] },
    }),
    pageRoute(() => import('./pages/SignUpPage'), {
      id: 'register-token',
      path: 'register/:token?',
      handle: { title: 'app:titles.register', layout: 'default', guards: ['guest'] },
    }),
    pageRoute(() => import('./pages/VerifyPage'), {
      id: 'verify',
      path: 'verify',
      handle: { title: 'app:titles.verify', layout: 'default' },
    }),
    pageRoute(() => import('./pages/ForgotPasswordPage'), {
      id: 'password-forgot',
      path: 'password/forgot',
      handle: { title: 'app:titles.password_forgot', layout: 'default', guards: ['guest'] },
    }),
    pageRoute(() => import('./pages/ResetPasswordPage'), {
      id: 'password-reset',
      path: 'password/reset',
      handle: { title: 'app:titles.password_reset', layout: 'default' },
    }),
    pageRoute(() => import('./pages/OAuthCallbackPage'), {
      id: 'oauth-callback',
      path: 'oauth/callback',
      handle: { title: 'app:titles.oauth_callback', layout: 'default' },
    }),
  ],
};
