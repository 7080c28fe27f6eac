import { ROLE_NAMES, type ClientInfo, type TeamAnswer, type TeamMember } from '@bahi/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { listClients } from './api.ts';
import {
  assignClients,
  cancelInvitation,
  getTeam,
  invite,
  joinOffice,
  removeMember,
  setMemberRole,
} from './team-api.ts';
import { formatDate } from '../format.ts';

// /app/team (issue 35): the office's members and their roles, invitations mailed with a code, the
// clients each accountant works on; and, for anyone, the invitations their e-mail received.

type MemberRole = 'accountant' | 'reviewer';
const ROLE_CHOICES = [
  { value: 'accountant', label: 'Accountant: the clients assigned; maps and pushes' },
  { value: 'reviewer', label: 'Reviewer: approves months; sees every client' },
];

export default function TeamPage() {
  const [team, setTeam] = useState<TeamAnswer | null>(null);
  const [clients, setClients] = useState<ClientInfo[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(() => {
    getTeam()
      .then(async (t) => {
        setTeam(t);
        setProblem(null);
        if (t.role === 'owner') setClients(await listClients());
      })
      .catch(() => setProblem('The team could not be loaded.'));
  }, []);
  useEffect(load, [load]);

  if (problem) return <Alert color="red">{problem}</Alert>;
  if (!team) return <Text c="dimmed">Loading…</Text>;
  const owner = team.role === 'owner';

  return (
    <Stack gap="md">
      <Title order={2}>Team</Title>
      <Text>
        {team.office_name} · you are <b>{ROLE_NAMES[team.role]}</b>
        {team.approval_required
          ? '. A reviewer approves a client’s month before it goes to Tally.'
          : '. With a reviewer in the team, each month is approved before it goes to Tally.'}
      </Text>

      {team.received.length > 0 && <Received team={team} onJoined={load} />}

      <Table aria-label="Members" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            {owner && <Table.Th>Clients</Table.Th>}
            {owner && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {team.members.map((m) => (
            <MemberRow key={m.user_id} member={m} owner={owner} clients={clients} onChange={load} />
          ))}
        </Table.Tbody>
      </Table>

      {owner && <InviteForm onInvited={load} />}

      {owner && team.invitations.length > 0 && (
        <Table aria-label="Invitations" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invited</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Code valid until</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {team.invitations.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{i.email}</Table.Td>
                <Table.Td>{ROLE_NAMES[i.role]}</Table.Td>
                <Table.Td>{formatDate(i.expires_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      void cancelInvitation(i.id)
                        .then(load)
                        .catch((err: unknown) => notifyError('The invitation could not be cancelled.', err))
                    }
                  >
                    Cancel
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function MemberRow({
  member,
  owner,
  clients,
  onChange,
}: {
  member: TeamMember;
  owner: boolean;
  clients: ClientInfo[];
  onChange: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>(member.client_ids);
  const [confirming, setConfirming] = useState(false);
  const isOwner = member.role === 'owner';
  const changed = chosen.slice().sort().join() !== member.client_ids.slice().sort().join();
  const act = (what: string, done: string, run: () => Promise<unknown>) =>
    void run()
      .then(() => {
        notifySuccess(done);
        onChange();
      })
      .catch((err: unknown) => notifyError(what, err));
  return (
    <Table.Tr>
      <Table.Td>{member.name}</Table.Td>
      <Table.Td>{member.email}</Table.Td>
      <Table.Td>
        {owner && !isOwner ? (
          <Select
            size="xs"
            aria-label={`Role of ${member.name}`}
            data={ROLE_CHOICES.map((r) => ({ value: r.value, label: ROLE_NAMES[r.value as MemberRole] }))}
            value={member.role}
            allowDeselect={false}
            onChange={(v) =>
              v &&
              v !== member.role &&
              act('The role could not be changed.', `${member.name} is now ${v}.`, () =>
                setMemberRole(member.user_id, v as MemberRole),
              )
            }
          />
        ) : (
          <Badge variant="light">{ROLE_NAMES[member.role]}</Badge>
        )}
      </Table.Td>
      {owner && (
        <Table.Td>
          {member.role === 'accountant' ? (
            <Group gap={4} wrap="nowrap" align="flex-end">
              <MultiSelect
                size="xs"
                aria-label={`Clients of ${member.name}`}
                placeholder={chosen.length ? undefined : 'No client yet'}
                data={clients.map((c) => ({ value: c.id, label: c.name }))}
                value={chosen}
                onChange={setChosen}
                searchable
                miw={220}
              />
              <Button
                size="xs"
                disabled={!changed}
                onClick={() =>
                  act('The clients could not be assigned.', `Clients of ${member.name} saved.`, () =>
                    assignClients(member.user_id, chosen),
                  )
                }
              >
                Save clients
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              every client
            </Text>
          )}
        </Table.Td>
      )}
      {owner && (
        <Table.Td>
          {!isOwner &&
            (confirming ? (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  color="red"
                  onClick={() =>
                    act('The member could not be removed.', `${member.name} removed and signed out.`, () =>
                      removeMember(member.user_id),
                    )
                  }
                >
                  Remove {member.name}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </Group>
            ) : (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                Remove
              </Button>
            ))}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('accountant');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await invite({ email, role });
      notifySuccess(`Invitation mailed to ${email}.`);
      setEmail('');
      onInvited();
    } catch (err) {
      notifyError('The invitation could not be sent.', err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Invite a member">
      <Title order={3} size="h4" mb="xs">
        Invite a member
      </Title>
      <Group align="flex-end">
        <TextInput
          label="E-mail"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          miw={260}
        />
        <Select
          label="Role"
          data={ROLE_CHOICES}
          value={role}
          allowDeselect={false}
          onChange={(v) => v && setRole(v as MemberRole)}
          miw={400}
        />
        <Button type="submit" loading={busy}>
          Send invitation
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        The mail carries a code; they sign in with that address, open Team and enter it.
      </Text>
    </Paper>
  );
}

function Received({ team, onJoined }: { team: TeamAnswer; onJoined: () => void }) {
  const [codes, setCodes] = useState<Record<string, string>>({});
  return (
    <Paper withBorder p="md" component="section" aria-label="Invitations to you">
      <Title order={3} size="h4" mb="xs">
        Invitations to you
      </Title>
      {team.received.map((r) => (
        <Group key={r.id} align="flex-end" mb="xs">
          <Text>
            {r.office_name} invites you as <b>{ROLE_NAMES[r.role]}</b>.
          </Text>
          <TextInput
            label="Code from the mail"
            inputMode="numeric"
            maxLength={4}
            value={codes[r.id] ?? ''}
            onChange={(e) => setCodes({ ...codes, [r.id]: e.currentTarget.value })}
            w={140}
          />
          <Button
            onClick={() =>
              void joinOffice(r.id, codes[r.id] ?? '')
                .then((a) => {
                  notifySuccess(`You joined ${a.office_name} as ${ROLE_NAMES[a.role]}.`);
                  onJoined();
                })
                .catch((err: unknown) => notifyError('You could not join.', err))
            }
          >
            Join {r.office_name}
          </Button>
        </Group>
      ))}
    </Paper>
  );
}
