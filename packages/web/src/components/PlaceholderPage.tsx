import { Paper, Text, Title } from '@mantine/core';

/** A screen whose issue has not landed yet: its heading and a short note. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Paper p="lg" withBorder>
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt="xs">
        This screen is being built.
      </Text>
    </Paper>
  );
}
