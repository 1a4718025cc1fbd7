import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy-page';
import { authApi, authKeys } from '../api';

// Most servers configure no provider: their buttons (and Fluent's Divider) load only when one is.
const OidcProviders = lazyComponent(() =>
  import('./OidcProviders').then((module) => module.OidcProviders),
);

/** "Sign in with <provider>" for each single sign-on provider the server has configured. */
export function OidcSignIn() {
  const providers = useQuery({
    queryKey: authKeys.providers,
    queryFn: authApi.oauthProviders,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!providers.data?.length) return null;
  return (
    <Suspense fallback={null}>
      <OidcProviders providers={providers.data} />
    </Suspense>
  );
}
