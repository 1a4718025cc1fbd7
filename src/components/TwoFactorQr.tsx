import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
  },
  qr: {
    width: '200px',
    height: '200px',
    backgroundColor: '#fff',
    borderRadius: tokens.borderRadiusMedium,
  },
  secret: {
    fontFamily: tokens.fontFamilyMonospace,
    letterSpacing: '0.1em',
    wordBreak: 'break-all',
    textAlign: 'center',
  },
});

/** The secret of an otpauth URL, for people who type it into their app instead of scanning. */
export function secretOf(otpauthUrl: string | undefined): string | undefined {
  if (!otpauthUrl) return undefined;
  try {
    return new URL(otpauthUrl).searchParams.get('secret') ?? undefined;
  } catch {
    return undefined;
  }
}

/** The QR code of a new authenticator secret, with the secret as text beside it. */
export function TwoFactorQr({ qrCode, otpauthUrl }: { qrCode?: string; otpauthUrl?: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const secret = secretOf(otpauthUrl);
  return (
    <div className={styles.root}>
      {qrCode && <img className={styles.qr} src={qrCode} alt={t('auth:two_factor.qr_alt')} />}
      {secret && (
        <>
          <Text size={200}>{t('auth:two_factor.secret_label')}</Text>
          <Text className={styles.secret} data-testid="two-factor-secret">
            {secret}
          </Text>
        </>
      )}
    </div>
  );
}
