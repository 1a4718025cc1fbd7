import {
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  useIsOverflowItemVisible,
} from '@fluentui/react-components';
import type { MenuOnFirstUseProps } from './MenuOnFirstUse';
import type { OverflowTabListProps, TabEntry } from './OverflowTabList';

function HiddenTab({ tab }: { tab: TabEntry }) {
  const visible = useIsOverflowItemVisible(tab.value);
  if (visible) return null;
  return (
    <MenuItemRadio name="tab" value={tab.value}>
      {tab.label}
    </MenuItemRadio>
  );
}

/** The menu of an `OverflowTabList`'s tabs that do not fit the bar. */
export function MoreTabsMenu({
  tabs,
  selectedValue,
  onSelect,
  button,
  defaultOpen,
}: Pick<OverflowTabListProps, 'tabs' | 'selectedValue' | 'onSelect'> & MenuOnFirstUseProps) {
  return (
    <Menu
      defaultOpen={defaultOpen}
      checkedValues={{ tab: selectedValue ? [selectedValue] : [] }}
      onCheckedValueChange={(_event, data) => {
        const value = data.checkedItems[0];
        if (value) onSelect(value);
      }}
    >
      <MenuTrigger disableButtonEnhancement>{button}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {tabs.map((tab) => (
            <HiddenTab key={tab.value} tab={tab} />
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
