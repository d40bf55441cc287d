import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordIsEmail,
  STAFF_ROLES,
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
import { Field, SelectField } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { staffName } from '../lib/staff-name';
import { STAFF_KEY, updateStaff } from './api';

/** What an owner changes of another member (PATCH v1/admin/staff/{id}): their role, or a new password for them. */
type Change = 'role' | 'password';

interface Props {
  change: Change;
  /** The member changed; null: closed. */
  member: StaffMember | null;
  onClose(): void;
  /** Called with the sentence to show once the change is saved. */
  onDone(message: string): void;
}

/**
 * Owners: another member's role (counts from their next click; they stay signed in), or a new password for them
 * (the rules of adding one; it signs them out on every device, and the owner hands it over in person).
 */
export function MemberChangeDialog({ change, member, onClose, onDone }: Props) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const name = member ? staffName(member.name, t) : '';
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(o) => {
        if (!o && !busy) onClose();
      }}
      title={t(change === 'role' ? 'staff.roleTitle' : 'staff.passwordTitle', { name })}
      description={t(change === 'role' ? 'staff.roleText' : 'staff.passwordText')}
    >
      {member && (
        <ChangeForm
          key={member.id}
          change={change}
          member={member}
          onBusy={setBusy}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

function ChangeForm({
  change,
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
    defaultValues: change === 'role' ? { role: member.role } : { password: '' },
  });
  const onSubmit = handleSubmit(async ({ role, password = '' }) => {
    if (change === 'role' && role === member.role) return onClose();
    setFailure([]);
    // As when adding a member: not their email address (the API checks it too, and common passwords).
    if (change === 'password' && passwordIsEmail(password, member.email))
      return setError('password', { type: 'validate', message: 'password_is_email' });
    onBusy(true);
    try {
      const { staff } = await updateStaff(member.id, change === 'role' ? { role } : { password });
      await qc.invalidateQueries({ queryKey: STAFF_KEY });
      const name = staffName(staff.name, t);
      onDone(
        change === 'role'
          ? t('staff.roleChanged', { name, role: t(`roles.${staff.role}`) })
          : t('staff.passwordReset', { name }),
      );
    } catch (err) {
      setFailure(applyServerErrors(err, setError, [change]));
    } finally {
      onBusy(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      {change === 'role' ? (
        <SelectField
          label={t('staff.fields.role')}
          {...register('role')}
          // The member's role selected from the first paint (react-hook-form sets it too, once mounted).
          defaultValue={member.role}
          error={errorOf(formState.errors, 'role')}
          data-testid="staff-role-field"
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </SelectField>
      ) : (
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
      )}
      <ErrorBox messages={failure} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={formState.isSubmitting}>
          {t('order.confirm.back')}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting} data-testid={`staff-${change}-save`}>
          {t(change === 'role' ? 'staff.roleSave' : 'staff.passwordSave')}
        </Button>
      </div>
    </form>
  );
}
