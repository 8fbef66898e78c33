import { User } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/session/use-session';
import { openAuthModal } from '@/features/session/session';

// The menu library loads only for a signed-in shopper, not on a visitor's first load.
const AccountDropdown = lazy(() => import('./AccountDropdown'));

/** Logged in: greeting and account links (Admin Panel for admins); logged out: Log in and Sign up. */
export function AccountMenu() {
  const { token, user } = useSession();
  if (!token) {
    return (
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => openAuthModal('login')}
          data-replay="log-in"
          className="hidden sm:inline-flex"
        >
          Log in
        </Button>
        <Button
          size="sm"
          onClick={() => openAuthModal('register')}
          data-replay="sign-up"
          className="hidden sm:inline-flex"
        >
          Sign up
        </Button>
        <button
          type="button"
          onClick={() => openAuthModal('login')}
          data-replay="log-in-icon"
          className="rounded-full p-2 hover:bg-secondary sm:hidden"
          aria-label="Log in"
        >
          <User className="size-5" />
        </button>
      </div>
    );
  }
  return (
    // Until the menu arrives, the initial shows without a button to press.
    <Suspense
      fallback={
        <span
          aria-hidden
          className="flex size-8 items-center justify-center rounded-full bg-primary font-serif text-base text-primary-foreground"
        >
          {user?.firstName.charAt(0).toUpperCase()}
        </span>
      }
    >
      <AccountDropdown user={user} />
    </Suspense>
  );
}
