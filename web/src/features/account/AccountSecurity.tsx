import { useState } from 'react';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useForm } from 'react-hook-form';
import { changePasswordInput, type ChangePasswordInput } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/FormField';
import { PasswordInput } from '@/features/auth/PasswordInput';
import { saveToken } from '@/features/session/session';
import { logout } from '@/features/session/login';
import { trpc } from '@/lib/trpc';

/** Change password (needs the current one) and "Log out of all devices", under My Account. */
export function AccountSecurity() {
  const form = useForm<ChangePasswordInput>({
    resolver: standardSchemaResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = trpc.users.changePassword.useMutation();
  const logoutAll = trpc.auth.logoutAll.useMutation();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { jwt, message } = await change.mutateAsync(values);
      // The old token ended with the change: this browser keeps going on the new one.
      saveToken(jwt);
      form.reset();
      setNote({ ok: true, text: `${message}. Other devices were signed out.` });
    } catch (error) {
      setNote({ ok: false, text: error instanceof Error ? error.message : 'Please try again.' });
    }
  });
  return (
    <section aria-labelledby="security-title" className="mt-10 grid max-w-md gap-4">
      <h2 id="security-title" className="font-serif text-2xl text-primary">
        Password and devices
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change password">
        <FormField
          id="current-password"
          label="Current password"
          error={errors.currentPassword?.message}
        >
          <PasswordInput
            {...fieldAria('current-password', errors.currentPassword?.message)}
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
        </FormField>
        <FormField id="new-password" label="New password" error={errors.newPassword?.message}>
          <PasswordInput
            {...fieldAria('new-password', errors.newPassword?.message)}
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
        </FormField>
        {note ? (
          <p
            role={note.ok ? 'status' : 'alert'}
            className={note.ok ? 'text-sm' : 'text-sm text-destructive'}
          >
            {note.text}
          </p>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Change password'}
        </Button>
      </form>
      <Button
        variant="outline"
        onClick={() => void logoutAll.mutateAsync({}).then(() => logout())}
        disabled={logoutAll.isPending}
      >
        Log out of all devices
      </Button>
    </section>
  );
}
