import { Button, Field, Select } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PRIVACY_KEYS, type privacyAudience, type CurrentUser } from '@contracts/auth';
import { currentUserKey } from '@/lib/current-user';
import { accountApi } from '../api';
import { SettingsSection, useSettingsFormStyles } from './SettingsSection';
import { Busy } from '@/components/Busy';

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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <SettingsSection
      id="privacy"
      title={t('account:privacy.title')}
      description={t('account:privacy.description')}
    >
      <form className={styles.form} onSubmit={onSubmit}>
        {PRIVACY_KEYS.map((key) => (
          <Field key={key} label={t(KEY_LABELS[key])}>
            <Select
              value={options[key]}
              onChange={(_event, data) =>
                setOptions((current) => ({ ...current, [key]: data.value as Audience }))
              }
            >
              {(Object.keys(AUDIENCE_LABELS) as Audience[]).map((audience) => (
                <option key={audience} value={audience}>
                  {t(AUDIENCE_LABELS[audience])}
                </option>
              ))}
            </Select>
          </Field>
        ))}
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={!changed || save.isPending}
            icon={save.isPending ? <Busy size="tiny" /> : undefined}
          >
            {t('app:actions.save')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
