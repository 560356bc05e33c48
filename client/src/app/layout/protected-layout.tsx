/**
 * Gate of every signed-in route: wait for the session, send visitors to /login, and send
 * non-superadmins to /maintenance while maintenance mode is on (spec 02 §4.3, §4.4), and hold
 * someone the site requires a second factor of at enrolment until they have one.
 */
import { useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { isSuperadmin } from '../../shared/session/permissions.ts';
import { returnState } from '../../shared/session/return-to.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { useGetPublicSettingsQuery } from '../../api/site-api.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { lazyNamed } from '../../components/lazy-named.tsx';

// The signed-in frame and the enrolment screen load with the first signed-in page, not with /login.
const AppLayout = lazyNamed(() => import('./app-layout.tsx'), 'AppLayout');
const EnrolmentRequired = lazyNamed(() => import('../../features/security/security-page.tsx'), 'EnrolmentRequired');

/** Fetches the signed-in frame's code while the session is still being checked. */
export const preloadSignedInFrame = AppLayout.preload;

export function ProtectedLayout() {
  const { status: sessionStatus, role, user } = useAppSelector(selectSession);
  // The screen follows the session check in a render that yields to the browser every few
  // milliseconds: mounting the whole signed-in frame at once held the main thread for 0.44 s at a
  // phone's speed (traced at 4× CPU slowdown). Meanwhile the loader stays; the reads start at once.
  const status = useDeferredValue(sessionStatus);
  const location = useLocation();
  const signedIn = sessionStatus === 'authenticated';
  const exempt = isSuperadmin(role);
  // A failed check (missing endpoint, network) leaves `data` empty: treated as not in maintenance.
  // Checked afresh on every entry, so someone back from /maintenance is not judged by old data.
  const settings = useGetPublicSettingsQuery(undefined, {
    skip: !signedIn || exempt,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  });
  // A 503 MAINTENANCE answer also marks this cache (see site-signal-listener.ts).
  const recheckingMaintenance = settings.isFetching && settings.data?.maintenance_mode === true;

  // Also while the deferred status still lags the check's answer.
  if (status === 'loading' || status !== sessionStatus) return <FullPageLoader />;
  // Sign-in comes back to the page asked for (a label's QR code, a shared link).
  if (!signedIn) return <Navigate to="/login" replace state={returnState(location)} />;
  // The site requires a second factor of this person and they have none: enrolment, nothing else.
  if (user?.second_factor?.must_enrol) return <EnrolmentRequired />;
  if (!exempt && (settings.isLoading || recheckingMaintenance)) return <FullPageLoader />;
  if (!exempt && settings.data?.maintenance_mode === true) {
    return <Navigate to="/maintenance" replace />;
  }
  return <AppLayout />;
}
