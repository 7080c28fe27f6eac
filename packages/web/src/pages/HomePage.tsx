import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../auth/session.ts';

type Module = { title: string; text: string; to?: string };

// Spec section 2, Home: the cards in this order; GSTR Filing has no route and is not clickable.
const MODULES: Module[] = [
  { title: 'Bank Statement Parser', text: 'Turn a bank statement into Tally vouchers.', to: '/app/select' },
  { title: 'Voucher Entry', text: 'Type vouchers in bulk and export them as XML.', to: '/app/createvoucher' },
  { title: 'Billing Section', text: 'Convert an XLSX billing statement.', to: '/app/selectbilling' },
  { title: 'Billing Section', text: 'Generate billing with an additional XLSX.', to: '/app/genratebilling' },
  { title: 'Rules', text: 'Manage the chunking rules used by billing.', to: '/app/rules' },
  { title: 'GSTR Filing', text: 'File GST returns.' },
  // The office screens, after the specification's cards (issue 34: they were only in the user menu).
  {
    title: 'Clients',
    text: "Each client's accounts, books and rules: drop a month's statements.",
    to: '/app/clients',
  },
  { title: 'Inbox', text: 'Statements dropped on no client, sorted by account number.', to: '/app/inbox' },
];

export default function HomePage() {
  const name = useSession()?.claims.name || 'User';
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Welcome, {name}</Title>
        <Text c="dimmed">Choose a module to get started.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {MODULES.map((m) =>
          m.to ? <ModuleCard key={m.to} module={m} /> : <ComingSoon key={m.title} module={m} />,
        )}
      </SimpleGrid>
    </Stack>
  );
}

function ModuleCard({ module: m }: { module: Module }) {
  return (
    <Card component={Link} to={m.to!} withBorder padding="lg" style={{ textDecoration: 'none' }}>
      <Text fw={600}>{m.title}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        {m.text}
      </Text>
    </Card>
  );
}

function ComingSoon({ module: m }: { module: Module }) {
  return (
    <Card
      withBorder
      padding="lg"
      aria-disabled="true"
      data-disabled
      bg="gray.1"
      style={{ opacity: 0.6, cursor: 'not-allowed', userSelect: 'none' }}
    >
      <Text fw={600} c="dimmed">
        {m.title}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {m.text}
      </Text>
      <Badge color="gray" variant="light" mt="sm" w="fit-content">
        Coming Soon
      </Badge>
    </Card>
  );
}
