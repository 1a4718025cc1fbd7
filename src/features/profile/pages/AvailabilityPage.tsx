import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/current-user';
import { FormAlert } from '@/components/FormAlert';
import { apiErrorOf } from '@/lib/http';
import { profileApi } from '../api';
import { Section } from '@/components/Section';
import { WeekGrid } from '../components/WeekGrid';
import { useRefreshProfile } from '../use-refresh-user';
import { offsetHours, toLocalSlots, toUtcSlots } from '../week-slots';
import { BusyButton } from '@/components/BusyButton';
import { wrappingRow } from '@/lib/styles';
import { useProfileSection } from '../use-profile-section';

const useStyles = makeStyles({
  actions: { ...wrappingRow, gap: tokens.spacingHorizontalS },
});

/**
 * /profile/availability (spec 2.12): the hours of a usual week the person is free, drawn in
 * their time zone and saved as UTC slots used to match teammates.
 */
export default function AvailabilityPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useSignedInUser();
  const refresh = useRefreshProfile();
  const offset = offsetHours(user.timezone);
  const stored = useProfileSection(user.id, 'availability');
  const [slots, setSlots] = useState<Set<number> | null>(null);
  useEffect(() => {
    if (stored.data && slots === null) setSlots(toLocalSlots(stored.data.slots, offset));
  }, [stored.data, slots, offset]);
  const save = useMutation({
    mutationFn: (local: Set<number>) => profileApi.saveAvailability(toUtcSlots(local, offset)),
    onSuccess: () => refresh(),
  });

  if (stored.isError) return <FormAlert error={apiErrorOf(stored.error)} />;
  if (!slots) return <Spinner label={t('app:loading')} />;
  const savedSlots = toLocalSlots(stored.data?.slots ?? [], offset);
  const changed =
    savedSlots.size !== slots.size || [...slots].some((slot) => !savedSlots.has(slot));

  return (
    <Section
      id="availability"
      title={t('app:titles.profile_availability')}
      description={t('profile:availability.intro', { timezone: user.timezone })}
    >
      <FormAlert error={save.error ? apiErrorOf(save.error) : null} />
      <WeekGrid value={slots} onChange={setSlots} label={t('profile:availability.grid_label')} />
      <div className={styles.actions}>
        <BusyButton
          busy={save.isPending}
          appearance="primary"
          disabled={!changed}
          onClick={() => save.mutate(slots)}
        >
          {t('app:actions.save')}
        </BusyButton>
        <Button disabled={slots.size === 0} onClick={() => setSlots(new Set())}>
          {t('profile:availability.clear')}
        </Button>
        <Text aria-live="polite">{t('profile:availability.count', { count: slots.size })}</Text>
      </div>
    </Section>
  );
}
