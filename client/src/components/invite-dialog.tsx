/** Invite a new user by e-mail: first name, last name, e-mail and global role (default user). */
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../api/error-message.ts';
import { useAppSelector } from '../shared/hooks.ts';
import { toast } from '../shared/toast.ts';
import { AppModal } from './app-modal.tsx';
import { isSuperadmin } from '../shared/session/permissions.ts';
import { selectRole } from '../shared/session/session-selectors.ts';
import type { GlobalRole } from '../shared/session/session-types.ts';
import { INVITE_TEXT, inviteFailure, inviteLengthErrors, validateInvite, type InviteFieldErrors } from './invite-errors.ts';
import { GLOBAL_ROLES } from '../api/user-types.ts';
import { useInviteUserMutation } from '../api/users-api.ts';

export interface InvitedUser {
  id: string;
  email: string;
}

interface InviteDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Runs after a successful invitation, e.g. to add the new user to a project. */
  onInvited?: (user: InvitedUser) => void | Promise<void>;
  title?: string;
}

export function InviteDialog({ opened, onClose, onInvited, title = 'Invite User' }: InviteDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="md">
      <InviteForm onClose={onClose} onInvited={onInvited} />
    </AppModal>
  );
}

function InviteForm({ onClose, onInvited }: Pick<InviteDialogProps, 'onClose' | 'onInvited'>) {
  const [invite, { isLoading }] = useInviteUserMutation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GlobalRole>('user');
  const [submitErrors, setErrors] = useState<InviteFieldErrors>({});
  const errors = { ...submitErrors, ...inviteLengthErrors({ first_name: firstName, last_name: lastName, email }) };
  const superadmin = isSuperadmin(useAppSelector(selectRole));
  // Only a superadmin can hand out the superadmin role; others are not offered it.
  const roles = GLOBAL_ROLES.filter((r) => r.value !== 'superadmin' || superadmin);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = { first_name: firstName, last_name: lastName, email };
    const found = validateInvite(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const result = await invite({
      first_name: firstName.trim(),
      last_name: lastName.trim(),
      email: email.trim(),
      role,
    });
    if (result.error) {
      const failure = inviteFailure(serverMessage(result.error));
      if (failure.emailError) setErrors({ email: failure.emailError });
      toast.error(failure.toast);
      return;
    }
    toast.success(INVITE_TEXT.sent);
    await onInvited?.(result.data);
    onClose();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First name"
            required
            data-autofocus
            value={firstName}
            error={errors.first_name}
            onChange={(event) => setFirstName(event.currentTarget.value)}
          />
          <TextInput label="Last name" required value={lastName} error={errors.last_name} onChange={(event) => setLastName(event.currentTarget.value)} />
        </SimpleGrid>
        <TextInput label="Email" type="email" required value={email} error={errors.email} onChange={(event) => setEmail(event.currentTarget.value)} />
        <Select
          label="Role"
          data={roles.map((r) => ({ value: r.value, label: r.label }))}
          value={role}
          onChange={(value) => value && setRole(value as GlobalRole)}
          allowDeselect={false}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" loading={isLoading}>
            Send Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
