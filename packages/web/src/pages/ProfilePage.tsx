import { Alert, Button, Group, Paper, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { UpdateProfileRequest } from '@bahi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { getAccountProfile, updateProfile } from '../api/account.ts';
import { cacheProfile, storeToken } from '../auth/token.ts';
import { notifyError, notifySuccess } from '../components/notify.ts';

export default function ProfilePage() {
  const profile = useQuery({ queryKey: ['account', 'profile'], queryFn: getAccountProfile });
  return (
    <Paper withBorder p="lg" maw={560}>
      <Title order={2} mb="md">
        Profile
      </Title>
      {profile.isPending && <Skeleton h={180} />}
      {profile.isError && <Alert color="red">Your profile could not be loaded.</Alert>}
      {profile.data && (
        <ProfileForm
          key={profile.data.email}
          initial={{ name: profile.data.name, email: profile.data.email, phone: profile.data.phone ?? '' }}
        />
      )}
    </Paper>
  );
}

function ProfileForm({ initial }: { initial: { name: string; email: string; phone: string } }) {
  const client = useQueryClient();
  const [name, setName] = useState(initial.name);
  const [phone, setPhone] = useState(initial.phone);
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (answer) => {
      if (answer?.access_token) storeToken(answer.access_token);
      const fresh = await client.fetchQuery({ queryKey: ['account', 'profile'], queryFn: getAccountProfile });
      cacheProfile(fresh);
      notifySuccess('Profile saved');
    },
    onError: (err) => notifyError('Profile not saved', err),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = UpdateProfileRequest.safeParse({ name, phone });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as 'name' | 'phone'] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          label="Email"
          value={initial.email}
          readOnly
          disabled
          description="The e-mail cannot be changed."
        />
        <TextInput
          label="Phone"
          type="tel"
          required
          value={phone}
          error={errors.phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
