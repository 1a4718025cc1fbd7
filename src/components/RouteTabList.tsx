import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { OverflowTabList } from './OverflowTabList';

/**
 * The tabs of a page whose sections are its child routes, `/<base>/<tab>`: the address chooses
 * the tab and a tab changes the address. `fallback` is the tab of `/<base>` itself, which the
 * routes send on to it.
 */
export function RouteTabList({
  base,
  fallback,
  tabs,
  label,
}: {
  base: string;
  fallback: string;
  /** Each tab's route and the i18n key of its words. */
  tabs: readonly { value: string; label: string }[];
  /** What the tab list is called, for screen readers. */
  label: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selected = useLocation().pathname.split('/')[2] || fallback;
  return (
    <OverflowTabList
      selectedValue={selected}
      onSelect={(tab) => navigate(`/${base}/${tab}`)}
      aria-label={label}
      tabs={tabs.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
    />
  );
}
