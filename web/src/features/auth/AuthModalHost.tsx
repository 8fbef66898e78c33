import { lazy, Suspense, useState } from 'react';
import { useAuthModal } from '@/features/session/use-session';

// The forms (react-hook-form, validation) load on the first open, keeping them out of the first load.
const AuthModal = lazy(() => import('./AuthModal').then((m) => ({ default: m.AuthModal })));

export function AuthModalHost() {
  const mode = useAuthModal();
  const [loaded, setLoaded] = useState(false);
  if (mode && !loaded) setLoaded(true);
  return loaded ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}
