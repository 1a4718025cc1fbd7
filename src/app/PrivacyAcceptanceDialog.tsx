import { Button } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PolicyLinksText } from '@/components/PolicyLinksText';
import { accountEndpoints } from '@contracts/endpoints/account';
import { api } from '@/lib/http';
import { takeRememberedRoute } from '@/lib/session';
import { currentUserKey } from '@/lib/current-user';
import { useSignOut } from './sign-out';
import { BusyButton } from '@/components/BusyButton';
import { SimpleDialog } from '@/components/SimpleDialog';

/** Spec 2.8 and 4: the dashboard asks for acceptance of the privacy policy before anything else. */
export function PrivacyAcceptanceDialog() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: () => api.call(accountEndpoints.acceptPrivacy),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      // Back to the page that was asked for before the question (a course, a shared link).
      const asked = takeRememberedRoute();
      if (asked) navigate(asked, { replace: true });
    },
  });

  return (
    <SimpleDialog
      modalType="alert"
      title={t('app:privacy_acceptance.title')}
      actions={
        <>
          <Button appearance="secondary" onClick={() => void signOut()}>
            {t('app:user_menu.sign_out')}
          </Button>
          <BusyButton busy={accept.isPending} appearance="primary" onClick={() => accept.mutate()}>
            {t('app:privacy_acceptance.accept')}
          </BusyButton>
        </>
      }
    >
      <p>
        <PolicyLinksText i18nKey="app:privacy_acceptance.body" />
      </p>
      <p>{t('app:privacy_acceptance.choice')}</p>
    </SimpleDialog>
  );
}
