import { zodResolver } from '@hookform/resolvers/zod';
import {
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
import { SelectField } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { staffName } from '../lib/staff-name';
import { STAFF_KEY, updateStaff } from './api';

interface Props {
  /** The member whose role changes; null: closed. */
  member: StaffMember | null;
  onClose(): void;
  /** Called with the sentence to show once the new role is saved. */
  onDone(message: string): void;
}

/** Owners: another member's role, from their next click (they stay signed in). */
export function ChangeRoleDialog({ member, onClose, onDone }: Props) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(o) => {
        if (!o && !busy) onClose();
      }}
      title={t('staff.roleTitle', { name: member ? staffName(member.name, t) : '' })}
      description={t('staff.roleText')}
    >
      {member && (
        <RoleForm key={member.id} member={member} onBusy={setBusy} onClose={onClose} onDone={onDone} />
      )}
    </Dialog>
  );
}

function RoleForm({
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
    defaultValues: { role: member.role },
  });
  const onSubmit = handleSubmit(async ({ role }) => {
    if (role === member.role) return onClose();
    setFailure([]);
    onBusy(true);
    try {
      const { staff } = await updateStaff(member.id, { role });
      await qc.invalidateQueries({ queryKey: STAFF_KEY });
      onDone(t('staff.roleChanged', { name: staffName(staff.name, t), role: t(`roles.${staff.role}`) }));
    } catch (err) {
      setFailure(applyServerErrors(err, setError, ['role']));
    } finally {
      onBusy(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
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
      <ErrorBox messages={failure} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose} disabled={formState.isSubmitting}>
          {t('order.confirm.back')}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting} data-testid="staff-role-save">
          {t('staff.roleSave')}
        </Button>
      </div>
    </form>
  );
}
