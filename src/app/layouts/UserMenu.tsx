import {
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ChatHelpRegular,
  PersonRegular,
  SettingsRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@contracts/auth';
import type { MenuOnFirstUseProps } from '@/components/MenuOnFirstUse';
import { useIsMobile } from '@/lib/device';
import { setSupportHidden, useSupportHidden } from '@/lib/support-visibility';
import { LanguageItems, useLanguageChoice } from '../language-menu';
import { useSignOut } from '../sign-out';

const useStyles = makeStyles({
  who: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
    maxWidth: '280px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

/** The account menu behind the header's user button: profile, settings, language, sign-out. */
export function UserMenu({
  user,
  button,
  defaultOpen,
}: { user: CurrentUser } & MenuOnFirstUseProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const isMobile = useIsMobile();
  const supportHidden = useSupportHidden();
  const languageChoice = useLanguageChoice();

  return (
    <Menu defaultOpen={defaultOpen} {...languageChoice}>
      <MenuTrigger disableButtonEnhancement>{button}</MenuTrigger>
      <MenuPopover>
        <div className={styles.who} title={user.email}>
          {user.email}
        </div>
        <MenuList>
          <MenuItem icon={<PersonRegular />} onClick={() => navigate('/profile')}>
            {t('app:user_menu.profile')}
          </MenuItem>
          <MenuItem icon={<SettingsRegular />} onClick={() => navigate('/settings')}>
            {t('app:user_menu.settings')}
          </MenuItem>
          {!isMobile && (
            <MenuItem
              icon={<ChatHelpRegular />}
              onClick={() => setSupportHidden(!supportHidden)}
              data-support-toggle=""
            >
              {t(supportHidden ? 'support:widget.show' : 'support:widget.hide')}
            </MenuItem>
          )}
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('app:language.label')}</MenuGroupHeader>
            <LanguageItems />
          </MenuGroup>
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={() => void signOut()}>
            {t('app:user_menu.sign_out')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
