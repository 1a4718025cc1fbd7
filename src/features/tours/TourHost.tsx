import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useCurrentUser } from '@/lib/current-user';
import { useIsMobile } from '@/lib/device';
import { loadNamespaces } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-page';
import { tourKeys, toursApi } from './api';
import { TOUR_NAMES, TOURS, type TourName, type TourStep } from './definitions';
import {
  TOUR_REINIT_DELAY_MS,
  leaveState,
  onStepPage,
  paramsOf,
  pickTour,
  stepPath,
  type SavedTour,
  type TourStates,
} from './logic';

/** The card (Fluent's TeachingPopover) and its words load only when a tour has a step to show. */
const TourCard = lazyComponent(() =>
  Promise.all([import('./TourCard'), loadNamespaces(['tours'])]).then(([m]) => m.TourCard),
);

interface Running {
  name: TourName;
  step: number;
  params: Record<string, string | undefined>;
}

/** How long a step waits for its element (lists load after the page) before standing alone. */
const TARGET_WAIT_MS = 2000;
const TARGET_POLL_MS = 100;

function findTarget(step: TourStep): HTMLElement | null {
  for (const selector of step.target ?? []) {
    const found = [...document.querySelectorAll<HTMLElement>(selector)].find(
      (element) => element.getClientRects().length > 0,
    );
    if (found) return found;
  }
  return null;
}

/**
 * Runs the guided tours (spec 2.12) in the signed-in frame: 500 ms after each change of
 * address it looks for the tour this page starts on a first visit (the mobile variants on
 * phones), shows its card next to the step's element, moves to the page a step needs, and
 * saves each step, the skip and the finish through core/tours. Nothing starts before the
 * privacy policy is accepted (spec 2.8): its dialog comes first.
 */
export function TourHost() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const tours = useQuery({
    queryKey: tourKeys.all,
    queryFn: toursApi.list,
    staleTime: Infinity,
  });
  // Read through a ref: each saved step changes the cached states, and that must not restart
  // the 500 ms re-initialisation (the card would vanish under the person's pointer).
  const states = useRef<TourStates | undefined>(undefined);
  states.current = tours.data;
  // The privacy question (a modal dialog) comes first: a card over it would take the page's
  // attention from the one answer the person must give, and hide the dialog from screen readers.
  const privacyAccepted = Boolean(useCurrentUser().data?.privacy_accepted_at);
  const loaded = tours.isSuccess && privacyAccepted;
  const running = useRef<Running | null>(null);
  const [card, setCard] = useState<{ run: Running; target: HTMLElement | null } | null>(null);
  const placing = useRef(0);
  // After a tour ends, no other starts until the person moves to another page.
  const endedOn = useRef<string | null>(null);

  // Saves go one after another, and only the last one's answer is kept: a slow "started" must
  // never land after the skip that followed it (on the server or in the cache).
  const saving = useRef<{ queue: Promise<unknown>; latest: number }>({
    queue: Promise.resolve(),
    latest: 0,
  });
  const save = useCallback(
    (name: TourName, state: SavedTour) => {
      queryClient.setQueryData<TourStates>(tourKeys.all, (old) => ({ ...old, [name]: state }));
      const order = ++saving.current.latest;
      saving.current.queue = saving.current.queue.then(() =>
        toursApi.save(name, state).then(
          (saved) => {
            if (order === saving.current.latest) queryClient.setQueryData(tourKeys.all, saved);
          },
          () => undefined,
        ),
      );
    },
    [queryClient],
  );

  /**
   * Shows the running step here, or (after the person's Next or Back) goes to the page it needs
   * first. A change of address the person made never sends them back: the tour waits.
   */
  const place = useCallback(
    (run: Running, mayNavigate: boolean) => {
      const step = TOURS[run.name].steps[run.step];
      const here = window.location.pathname;
      if (!onStepPage(step, here)) {
        const path = stepPath(step, run.params);
        if (!mayNavigate) return;
        if (path) {
          setCard(null);
          navigate(path);
          return;
        }
      }
      const attempt = ++placing.current;
      const started = Date.now();
      const look = () => {
        if (attempt !== placing.current) return;
        const target = findTarget(step);
        if (target || Date.now() - started >= TARGET_WAIT_MS) {
          target?.scrollIntoView?.({ block: 'nearest' });
          setCard({ run, target });
        } else {
          window.setTimeout(look, TARGET_POLL_MS);
        }
      };
      look();
    },
    [navigate],
  );

  // Spec 2.12: the tour re-initialises 500 ms after a change of address.
  useEffect(() => {
    setCard(null);
    placing.current += 1;
    if (!loaded) return undefined;
    const timer = window.setTimeout(() => {
      let run = running.current;
      if (run && !onStepPage(TOURS[run.name].steps[run.step], pathname)) {
        // The person went elsewhere: the tour waits (saved as started) for its page.
        run = null;
      }
      if (!run && endedOn.current === pathname) return;
      endedOn.current = null;
      if (!run) {
        const picked = pickTour(TOUR_NAMES, pathname, mobile, states.current ?? {});
        if (!picked) {
          running.current = null;
          return;
        }
        run = { ...picked, params: paramsOf(pathname) };
        save(run.name, { status: 'started', step: run.step });
      }
      running.current = run;
      place(run, false);
    }, TOUR_REINIT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, mobile, loaded, place, save]);

  const go = (to: number) => {
    const run = running.current;
    if (!run) return;
    const next = { ...run, step: to };
    running.current = next;
    save(run.name, { status: 'started', step: to });
    place(next, true);
  };

  const leave = (finishing: boolean) => {
    const run = running.current;
    if (!run) return;
    running.current = null;
    endedOn.current = window.location.pathname;
    placing.current += 1;
    setCard(null);
    const last = TOURS[run.name].steps.length - 1;
    save(run.name, finishing ? { status: 'finished', step: last } : leaveState(run.name, run.step));
  };

  if (!card) return null;
  const { run, target } = card;
  const steps = TOURS[run.name].steps;
  return (
    <Suspense fallback={null}>
      <TourCard
        key={`${run.name}-${run.step}`}
        name={run.name}
        stepKey={steps[run.step].key}
        step={run.step}
        count={steps.length}
        target={target}
        onBack={() => go(Math.max(0, run.step - 1))}
        onNext={() => (run.step >= steps.length - 1 ? leave(true) : go(run.step + 1))}
        onSkip={() => leave(false)}
        onClose={() => leave(false)}
      />
    </Suspense>
  );
}
