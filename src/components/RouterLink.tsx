import { Button, Link, type ButtonProps, type LinkProps } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { wantsPageTransition } from '@/lib/navigation';
import { usePrefetch } from '@/lib/use-prefetch';

/**
 * Fluent links and buttons that navigate inside the app: a real href (open in a new tab,
 * copy link) and client-side navigation on a plain click.
 */
function useRouterNavigation(to: string, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, {
    viewTransition: wantsPageTransition(),
  });
  return {
    ...usePrefetch(to),
    href,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented) navigate(event);
    },
  };
}

interface RouterLinkProps {
  to: string;
  children?: ReactNode;
  className?: string;
  inline?: LinkProps['inline'];
  appearance?: LinkProps['appearance'];
  'aria-label'?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function RouterLink({ to, onClick, ...props }: RouterLinkProps) {
  const navigation = useRouterNavigation(to, onClick);
  return <Link as="a" {...props} {...navigation} />;
}

interface RouterButtonProps {
  to: string;
  children?: ReactNode;
  className?: string;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  icon?: ButtonProps['icon'];
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function RouterButton({ to, onClick, ...props }: RouterButtonProps) {
  const navigation = useRouterNavigation(to, onClick);
  return <Button as="a" {...props} {...navigation} />;
}
