import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { ALERT_MS, MESSAGES, signupInput, type SignupInput } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { closeAuthModal } from '@/features/session/session';
import { completeLogin, isAuthPath, postLoginPath } from '@/features/session/login';
import { queryClient, trpc } from '@/lib/trpc';
import { fieldAria, FormField } from '@/components/FormField';
import { PasswordInput } from './PasswordInput';

export function SignupForm({ onSwitch }: { onSwitch: () => void }) {
  const navigate = useNavigate();
  const router = useRouter();
  const form = useForm<SignupInput>({
    resolver: standardSchemaResolver(signupInput),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const signup = trpc.auth.signup.useMutation();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { jwt } = await signup.mutateAsync(values);
      await completeLogin(jwt);
      toast.success(MESSAGES.signupSuccess, { duration: ALERT_MS.short });
      closeAuthModal();
      await queryClient.invalidateQueries();
      if (isAuthPath(window.location.pathname)) router.history.push(postLoginPath());
    } catch (error) {
      // A taken email gets the spec's text; anything else (e.g. too many attempts) says what happened.
      const conflict = error instanceof TRPCClientError && error.data?.code === 'CONFLICT';
      toast.error(MESSAGES.signupFailedTitle, {
        description:
          conflict || !(error instanceof Error) ? MESSAGES.signupDuplicate : error.message,
        duration: ALERT_MS.long,
      });
      // Spec section 8: the failure alert, then home with the modal closed.
      closeAuthModal();
      await navigate({ to: '/' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="signup-first" label="First name" error={errors.firstName?.message}>
          <Input
            {...fieldAria('signup-first', errors.firstName?.message)}
            autoComplete="given-name"
            required
            {...form.register('firstName')}
          />
        </FormField>
        <FormField id="signup-last" label="Last name" error={errors.lastName?.message}>
          <Input
            {...fieldAria('signup-last', errors.lastName?.message)}
            autoComplete="family-name"
            required
            {...form.register('lastName')}
          />
        </FormField>
      </div>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldAria('signup-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
        />
      </FormField>
      <FormField id="signup-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          {...fieldAria('signup-password', errors.password?.message)}
          autoComplete="new-password"
          required
          {...form.register('password')}
        />
      </FormField>
      <p className="-mt-2 text-xs text-muted-foreground">
        8 to 12 characters with upper and lower case letters, a digit and one of !@#$%^&*_=+-
      </p>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Sign up'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={onSwitch}
        >
          Log in
        </button>
      </p>
    </form>
  );
}
