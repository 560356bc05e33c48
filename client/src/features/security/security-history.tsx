/** A person's sign-ins and second-factor changes: shared with User Management's Security dialog, so it lives in components/. */
export { SecurityHistory } from '../../components/security-history.tsx';
