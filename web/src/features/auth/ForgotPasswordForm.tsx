import { useState } from 'react';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useForm } from 'react-hook-form';
import { forgotPasswordInput, type ForgotPasswordInput } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fieldAria, FormField } from '@/components/FormField';
import { trpc } from '@/lib/trpc';

/** "Forgot password?" in the login modal: the same answer whether or not the e-mail has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<ForgotPasswordInput>({
    resolver: standardSchemaResolver(forgotPasswordInput),
    defaultValues: { email: '' },
  });
  const forgot = trpc.auth.forgotPassword.useMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setAnswer((await forgot.mutateAsync(values)).message);
    } catch (error) {
      setAnswer(error instanceof Error ? error.message : 'Please try again in a moment.');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Forgot password">
      <p className="text-sm text-muted-foreground">
        Enter the e-mail of your account: we will send a link to choose a new password.
      </p>
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldAria('forgot-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
        />
      </FormField>
      {answer ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {answer}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send the link'}
      </Button>
      <button
        type="button"
        className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        onClick={onBack}
      >
        Back to log in
      </button>
    </form>
  );
}
