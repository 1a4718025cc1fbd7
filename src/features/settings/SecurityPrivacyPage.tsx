import { makeStyles, tokens } from '@fluentui/react-components';
import { useSignedInUser } from '@/lib/current-user';
import { AccountSection } from './security/AccountSection';
import { DataExportSection } from './security/DataExportSection';
import { PasswordSection } from './security/PasswordSection';
import { PrivacySection } from './security/PrivacySection';
import { TwoFactorSection } from './security/TwoFactorSection';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL },
});

/** /settings/security-privacy. */
export default function SecurityPrivacyPage() {
  const styles = useStyles();
  const user = useSignedInUser();
  return (
    <div className={styles.root}>
      <PasswordSection user={user} />
      <TwoFactorSection user={user} />
      <PrivacySection user={user} />
      <DataExportSection />
      <AccountSection user={user} />
    </div>
  );
}
