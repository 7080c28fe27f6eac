import { Code, Stack, Title } from '@mantine/core';

/** The Tally XML Preview block (at most 300 px tall, scrolls inside). */
export function XmlPreview({ xml }: { xml: string }) {
  if (!xml) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>Tally XML Preview</Title>
      <Code
        block
        // scrolls inside: focusable, so the keyboard can scroll it (WCAG 2.1.1)
        tabIndex={0}
        style={{ maxHeight: 300, overflow: 'auto', fontSize: 12 }}
        aria-label="Tally XML Preview"
      >
        {xml}
      </Code>
    </Stack>
  );
}
