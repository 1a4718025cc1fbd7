import {} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PRIVACY_KEYS, type privacyAudience, type CurrentUser } from '@contracts/auth';
import { currentUserKey } from '@/lib/current-user';
import { accountApi } from '../api';
import { SettingsSection, useSettingsFormStyles } from '@/components/SettingsSection';
import { SaveForm } from '@/components/SaveForm';
import { SelectField } from '@/components/SelectField';

type Audience = z.infer<typeof privacyAudience>;
type PrivacyKey = (typeof PRIVACY_KEYS)[number];

const KEY_LABELS: Record<PrivacyKey, string> = {
  view_profile: 'account:privacy.view_profile',
  view_skill: 'account:privacy.view_skill',
  view_availability: 'account:privacy.view_availability',
  view_personality: 'account:privacy.view_personality',
};
const AUDIENCE_LABELS: Record<Audience, string> = {
  everyone: 'account:privacy.everyone',
  workspace_members: 'account:privacy.workspace_members',
  only_me: 'account:privacy.only_me',
};

/** Who sees which part of the profile (spec 3 privacy keys, each 'everyone' by default). */
export function PrivacySection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useSettingsFormStyles();
  const queryClient = useQueryClient();
  const [options, setOptions] = useState(user.privacy_options);
  const save = useMutation({
    mutationFn: () => accountApi.updateUser({ privacy_options: options }),
    onSuccess: (updated) => queryClient.setQueryData(currentUserKey, updated),
  });
  const changed = PRIVACY_KEYS.some((key) => options[key] !== user.privacy_options[key]);

  return (
    <SettingsSection
      id="privacy"
      title={t('account:privacy.title')}
      description={t('account:privacy.description')}
    >
      <SaveForm
        className={styles.form}
        onSubmit={() => save.mutate()}
        busy={save.isPending}
        submitDisabled={!changed}
      >
        {PRIVACY_KEYS.map((key) => (
          <SelectField
            key={key}
            label={t(KEY_LABELS[key])}
            value={options[key]}
            choices={Object.keys(AUDIENCE_LABELS) as Audience[]}
            wordsOf={(audience) => t(AUDIENCE_LABELS[audience])}
            onChange={(audience) =>
              setOptions((current) => ({ ...current, [key]: audience as Audience }))
            }
          />
        ))}
      </SaveForm>
    </SettingsSection>
  );
}
