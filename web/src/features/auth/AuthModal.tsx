import { useNavigate, useRouterState } from '@tanstack/react-router';
import { TitledDialog } from '@/components/ui/dialog';
import { isAuthPath } from '@/features/session/login';
import { closeAuthModal, openAuthModal, type AuthMode } from '@/features/session/session';
import { useAuthModal } from '@/features/session/use-session';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';

/** The login / sign-up modal, opened over the page by /login, /register or the header buttons. */
export function AuthModal() {
  const mode = useAuthModal();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  const onOpenChange = (open: boolean) => {
    if (open) return;
    closeAuthModal();
    if (isAuthPath(pathname)) void navigate({ to: '/' });
  };
  const switchTo = (next: AuthMode) => {
    openAuthModal(next);
    // Switching between /login and /register keeps the page to return to.
    if (isAuthPath(pathname))
      void navigate({
        to: next === 'login' ? '/login' : '/register',
        search: (prev) => prev,
        replace: true,
      });
  };

  return (
    <TitledDialog
      open={mode !== null}
      onOpenChange={onOpenChange}
      className="sm:max-w-md"
      eyebrow={
        <p className="text-xs font-semibold tracking-[0.3em] text-gold-ink uppercase">
          Kanak Jewellers
        </p>
      }
      titleClassName="text-3xl text-primary"
      title={mode === 'register' ? 'Create your account' : 'Welcome back'}
      description={
        mode === 'register'
          ? 'Save your wishlist, track orders and check out faster.'
          : 'Log in to see your cart, wishlist and orders.'
      }
    >
      {mode === 'register' ? (
        <SignupForm onSwitch={() => switchTo('login')} />
      ) : (
        <LoginForm onSwitch={() => switchTo('register')} />
      )}
    </TitledDialog>
  );
}
