import {
  Button,
  makeStyles,
  mergeClasses,
  Overflow,
  OverflowItem,
  Tab,
  TabList,
  tokens,
  useOverflowMenu,
  type TabListProps,
} from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { menuOnFirstUse } from './MenuOnFirstUse';

/** The menu of tabs that do not fit, loaded when first opened (most widths need none). */
const MoreTabsMenu = menuOnFirstUse(() =>
  import('./MoreTabsMenu').then((module) => module.MoreTabsMenu),
);

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'nowrap',
    minWidth: 0,
    overflow: 'hidden',
  },
  tabs: { flexWrap: 'nowrap', minWidth: 0 },
  more: { flexShrink: 0, color: tokens.colorNeutralForeground2 },
});

export interface TabEntry {
  value: string;
  label: string;
}

export interface OverflowTabListProps {
  tabs: readonly TabEntry[];
  selectedValue: string | undefined;
  onSelect: (value: string) => void;
  size?: TabListProps['size'];
  'aria-label'?: string;
  className?: string;
}

/** The tabs that do not fit, in a menu behind the "N more" button. */
function MoreTabs({
  tabs,
  selectedValue,
  onSelect,
}: Pick<OverflowTabListProps, 'tabs' | 'selectedValue' | 'onSelect'>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { ref, isOverflowing, overflowCount } = useOverflowMenu<HTMLButtonElement>();
  if (!isOverflowing) return null;
  return (
    <MoreTabsMenu
      tabs={tabs}
      selectedValue={selectedValue}
      onSelect={onSelect}
      button={
        <Button
          ref={ref}
          appearance="transparent"
          className={styles.more}
          icon={<ChevronDownRegular />}
          iconPosition="after"
        >
          {t('components:tabs.more', { count: overflowCount })}
        </Button>
      }
    />
  );
}

/**
 * A tab bar that never hides a tab: the tabs that do not fit the width (a phone) move into a
 * "N more" menu at the end of the bar, and the selected tab always stays in the bar.
 */
export function OverflowTabList({
  tabs,
  selectedValue,
  onSelect,
  size,
  className,
  'aria-label': label,
}: OverflowTabListProps) {
  const styles = useStyles();
  return (
    <Overflow minimumVisible={1}>
      <div className={mergeClasses(styles.bar, className)}>
        <TabList
          className={styles.tabs}
          size={size}
          selectedValue={selectedValue}
          onTabSelect={(_event, data) => onSelect(String(data.value))}
          aria-label={label}
        >
          {tabs.map((tab) => (
            // The selected tab is the last to move into the menu.
            <OverflowItem
              key={tab.value}
              id={tab.value}
              priority={tab.value === selectedValue ? 2 : 1}
            >
              <Tab value={tab.value}>{tab.label}</Tab>
            </OverflowItem>
          ))}
        </TabList>
        <MoreTabs tabs={tabs} selectedValue={selectedValue} onSelect={onSelect} />
      </div>
    </Overflow>
  );
}
