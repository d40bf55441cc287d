import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordIsEmail,
  staffUpdateSchema,
  type StaffMember,
  type StaffUpdateBody,
} from '@store/contracts/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, errorOf } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { staffName } from '../lib/staff-name';
import { STAFF_KEY, updateStaff } from './api';

interface Props {
  /** The member who gets a new password; null: closed. */
  member: StaffMember | null;
  onClose(): void;
  /** Called with the sentence to show once the new password is set. */
  onDone(message: string): void;
}

/**
 * Owners: a new password for another member (the rules of adding one), which signs them out on every device; the
 * owner hands it over in person.
 */
export function ResetPasswordDialog({ member, onClose, onDone }: Props) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(o) => {
        if (!o && !busy) onClose();
      }}
      title={t('staff.passwordTitle', { name: member ? staffName(member.name, t) : '' })}
      description={t('staff.passwordText')}
    >
      {member && (
        <PasswordForm key={member.id} member={member} onBusy={setBusy} onClose={onClose} onDone={onDone} />
      )}
    </Dialog>
  );
}

function PasswordForm({
  member,
  onBusy,
  onClose,
  onDone,
}: Omit<Props, 'member'> & { member: StaffMember; onBusy(busy: boolean): void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string[]>([]);
  const { register, handleSubmit, formState, setError } = useForm<StaffUpdateBody>({
    resolver: zodResolver(staffUpdateSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = handleSubmit(async ({ password = '' }) => {
    setFailure([]);
    // As when adding a member: not their email address (the API checks it too, and common passwords).
    if (passwordIsEmail(password, member.email))
      return setError('password', { type: 'validate', message: 'password_is_email' });
    onBusy(true);
    try {
      const { staff } = await updateStaff(member.id, { password });
      await qc.invalidateQueries({ queryKey: STAFF_KEY });
      onDone(t('staff.passwordReset', { name: staffName(staff.name, t) }));
    } catch (err) {
      setFailure(applyServerErrors(err, setError, ['password']));
    } finally {
      onBusy(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <Field
        label={t('staff.fields.newPassword')}
        type="password"
        dir="ltr"
        autoComplete="new-password"
        hint={t('staff.passwordHint')}
        {...register('password')}
        error={errorOf(formState.errors, 'password')}
        data-testid="staff-password-field"
      />
      <ErrorBox messages={failure} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={formState.isSubmitting}>
          {t('order.confirm.back')}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting} data-testid="staff-password-save">
          {t('staff.passwordSave')}
        </Button>
      </div>
    </form>
  );
}
