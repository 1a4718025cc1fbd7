import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { OverflowTabList } from './OverflowTabList';

/**
 * The tabs of a page whose sections are its child routes, `/<base>/<tab>`: the address chooses
 * the tab and a tab changes the address. Each tab is called by its page's title,
 * `app:titles.<base>_<tab>` (dashes as underscores), and the list by the page's,
 * `app:titles.<base>`. The first tab is where `/<base>` itself leads.
 */
export function TitledRouteTabs({
  base,
  tabs,
}: {
  base: string;
  tabs: readonly [string, ...string[]];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selected = useLocation().pathname.split('/')[2] || tabs[0];
  return (
    <OverflowTabList
      selectedValue={selected}
      onSelect={(tab) => navigate(`/${base}/${tab}`)}
      aria-label={t(`app:titles.${base}`)}
      tabs={tabs.map((tab) => ({
        value: tab,
        label: t(`app:titles.${base}_${tab.replaceAll('-', '_')}`),
      }))}
    />
  );
}
