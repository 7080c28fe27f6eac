import { Code, Stack, Title } from '@mantine/core';

/** The Tally XML Preview block (at most 300 px tall, scrolls inside). */
export function XmlPreview({ xml }: { xml: string }) {
  if (!xml) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>Tally XML Preview</Title>
      <Code block style={{ maxHeight: 300, overflow: 'auto', fontSize: 12 }} aria-label="Tally XML Preview">
        {xml}
      </Code>
    </Stack>
  );
}
