import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ChatHelpRegular, DismissRegular } from '@fluentui/react-icons';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/lib/device';
import { lazyComponent } from '@/lib/lazy-page';
import { setSupportHidden, useSupportHidden } from '@/lib/support-visibility';

const useStyles = makeStyles({
  dock: {
    position: 'fixed',
    right: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 1,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
    padding: tokens.spacingHorizontalXXS,
  },
});

/** The form loads on the first click: most pages never open it. */
const SupportDialog = lazyComponent(() => import('./SupportDialog').then((m) => m.SupportDialog));

/**
 * The support widget (spec 1, 4, 9): a small button at the lower right that opens the support
 * form; the person hides it (remembered in this browser) and shows it again from the user
 * menu. Hidden on small screens.
 */
export function SupportWidget() {
  const { t } = useTranslation();
  const styles = useStyles();
  const hidden = useSupportHidden();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps Fluent's exit transition.
  const [opened, setOpened] = useState(false);
  if (mobile) return null;
  return (
    <>
      {!hidden && !open && (
        <div className={styles.dock} data-support-widget="">
          <Button
            appearance="primary"
            shape="circular"
            icon={<ChatHelpRegular />}
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            {t('support:widget.open')}
          </Button>
          {/* A native hint, not Fluent's tooltip: this shows on every page, and the tooltip's
              positioning code (16 KB) would load with it. */}
          <Button
            appearance="subtle"
            shape="circular"
            size="small"
            icon={<DismissRegular />}
            aria-label={t('support:widget.hide')}
            title={t('support:widget.hide')}
            onClick={() => setSupportHidden(true)}
          />
        </div>
      )}
      {opened && (
        <Suspense fallback={null}>
          <SupportDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
