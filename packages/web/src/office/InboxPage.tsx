import { Stack, Text, Title } from '@mantine/core';
import { DropZone } from './DropZone.tsx';
import { JobsTable } from './JobsTable.tsx';

// /app/inbox (issue 13): statements dropped on no client. Each is filed to whichever client's
// account its number names; the table lists them by account number.
export default function InboxPage() {
  return (
    <Stack gap="md">
      <Title order={2}>Inbox</Title>
      <Text size="sm" c="dimmed">
        Drop statements of any client here: each one is filed to the account its number names, among all your
        clients. A number no client has waits on the client pages for you to add the account.
      </Text>
      <DropZone clientId={null} />
      <JobsTable clientId={null} />
    </Stack>
  );
}
