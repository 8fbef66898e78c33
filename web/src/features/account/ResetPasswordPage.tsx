import { useState } from 'react';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { passwordField } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/FormField';
import { PasswordInput } from '@/features/auth/PasswordInput';
import { completeLogin } from '@/features/session/login';
import { trpc } from '@/lib/trpc';

const schema = z.object({ password: passwordField });

/** /reset-password?token=…: the page a reset mail links to; signs in with the new password. */
export function ResetPasswordPage({ token }: { token: string }) {
  const form = useForm<{ password: string }>({
    resolver: standardSchemaResolver(schema),
    defaultValues: { password: '' },
  });
  const reset = trpc.auth.resetPassword.useMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const { jwt } = await reset.mutateAsync({ token, password });
      await completeLogin(jwt);
      window.location.assign('/');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Please try again.');
    }
  });
  return (
    <main className="mx-auto grid max-w-md gap-6 px-4 py-12">
      <h1 className="font-serif text-3xl text-primary">Choose a new password</h1>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
        <FormField id="reset-password" label="New password" error={errors.password?.message}>
          <PasswordInput
            {...fieldAria('reset-password', errors.password?.message)}
            autoComplete="new-password"
            required
            {...form.register('password')}
          />
        </FormField>
        <p className="text-xs text-muted-foreground">
          8 to 12 characters with a lowercase and an uppercase letter, a digit and one of
          !@#$%^&*_=+-. Every device signed in before is signed out.
        </p>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting || !token}>
          {isSubmitting ? 'Saving…' : 'Save and sign in'}
        </Button>
      </form>
    </main>
  );
}
