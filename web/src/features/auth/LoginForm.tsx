import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { ALERT_MS, loginInput, MESSAGES, type LoginInput } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { closeAuthModal } from '@/features/session/session';
import { completeLogin, isAuthPath, postLoginPath } from '@/features/session/login';
import { trpc } from '@/lib/trpc';
import { fieldAria, FormField } from '@/components/FormField';
import { useState } from 'react';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { PasswordInput } from './PasswordInput';

export function LoginForm({ onSwitch }: { onSwitch: () => void }) {
  const form = useForm<LoginInput>({
    resolver: standardSchemaResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });
  const login = trpc.auth.login.useMutation();
  const { errors, isSubmitting } = form.formState;
  const [forgot, setForgot] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { jwt } = await login.mutateAsync(values);
      await completeLogin(jwt);
      closeAuthModal();
      // After login the page reloads (spec section 4).
      if (isAuthPath(window.location.pathname)) window.location.assign(postLoginPath());
      else window.location.reload();
    } catch {
      toast.error(MESSAGES.loginFailed, { duration: ALERT_MS.long });
    }
  });

  if (forgot) return <ForgotPasswordForm onBack={() => setForgot(false)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Log in">
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldAria('login-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          {...fieldAria('login-password', errors.password?.message)}
          autoComplete="current-password"
          required
          {...form.register('password')}
        />
      </FormField>
      <button
        type="button"
        className="-mt-2 justify-self-end text-sm text-primary underline-offset-4 hover:underline"
        onClick={() => setForgot(true)}
      >
        Forgot password?
      </button>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        New to Kanak?{' '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={onSwitch}
        >
          Create an account
        </button>
      </p>
    </form>
  );
}
