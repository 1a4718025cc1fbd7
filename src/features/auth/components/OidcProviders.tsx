import { Divider } from '@fluentui/react-components';
import { KeyRegular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { authApi, type OidcProvider } from '../api';
import { BusyButton } from '@/components/BusyButton';

/** "Sign in with <provider>" for each provider, under an "or" divider. */
export function OidcProviders({ providers }: { providers: OidcProvider[] }) {
  const { t } = useTranslation();
  const redirect = useMutation<string, ApiError, string>({
    mutationFn: (provider) =>
      withApiError(async () => (await authApi.oauthRedirect(provider)).resource.url),
    // The provider's page takes over; we come back at /oauth/callback.
    onSuccess: (url) => window.location.assign(url),
  });

  return (
    <>
      <Divider>{t('auth:sign_in.or')}</Divider>
      <FormAlert error={redirect.error} />
      {providers.map((provider) => (
        <BusyButton
          busy={redirect.isPending}
          key={provider.id}
          icon={<KeyRegular />}
          disabled={redirect.isSuccess}
          onClick={() => redirect.mutate(provider.id)}
        >
          {t('auth:sign_in.with_provider', { provider: provider.name })}
        </BusyButton>
      ))}
    </>
  );
}
