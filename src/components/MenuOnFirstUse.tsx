import type { ButtonProps } from '@fluentui/react-components';
import { cloneElement, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { lazyComponent } from '@/lib/lazy-page';

/** What a menu loaded on first use gets: its button, and whether it starts open. */
export interface MenuOnFirstUseProps {
  /** The button, to wrap in Fluent's `MenuTrigger`. */
  button: ReactElement<ButtonProps>;
  /** True when the person pressed the button before the menu's code was here. */
  defaultOpen: boolean;
}

/**
 * A button whose menu's code (Fluent's menu and positioning, about 25 KB compressed) loads the
 * first time it is used rather than with every page: the button shows at once, pointing at it
 * or focusing it starts the load, and pressing it opens the menu around the same button once
 * the code is here.
 *   const AccountMenu = menuOnFirstUse(() => import('./AccountMenu').then((m) => m.AccountMenu));
 *   <AccountMenu button={<Button aria-label={…}>…</Button>} user={user} />
 */
export function menuOnFirstUse<P extends object>(
  load: () => Promise<ComponentType<P & MenuOnFirstUseProps>>,
) {
  const Menu = lazyComponent(load);
  let started: Promise<unknown> | undefined;
  const preload = () => {
    started ??= load().catch(() => (started = undefined));
  };
  return function MenuButton(props: P & Pick<MenuOnFirstUseProps, 'button'>) {
    const [used, setUsed] = useState(false);
    const { button } = props;
    const waiting = cloneElement(button, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => setUsed(true),
      onPointerEnter: preload,
      onFocus: preload,
    });
    if (!used) return waiting;
    return (
      <Suspense fallback={waiting}>
        <Menu {...props} defaultOpen />
      </Suspense>
    );
  };
}
