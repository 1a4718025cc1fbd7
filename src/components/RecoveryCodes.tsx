import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/lib/save-file';
import { tileGrid } from '@/lib/styles';

const useStyles = makeStyles({
  list: {
    ...tileGrid('120px'),
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    listStyleType: 'none',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** Recovery codes shown once, with ways to keep them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  const download = () =>
    saveFile(new Blob([`${text}\n`], { type: 'text/plain' }), 'teamloop-recovery-codes.txt');

  return (
    <>
      <p>{t('auth:recovery_codes.explain')}</p>
      <ul className={styles.list} aria-label={t('auth:recovery_codes.label')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button icon={<CopyRegular />} onClick={() => void copy()}>
          {copied ? t('auth:recovery_codes.copied') : t('auth:recovery_codes.copy')}
        </Button>
        <Button icon={<ArrowDownloadRegular />} onClick={download}>
          {t('auth:recovery_codes.download')}
        </Button>
      </div>
    </>
  );
}
