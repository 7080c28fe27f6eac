import { Text } from '@mantine/core';

export const LOGO_TEXT = 'Bahi';

export function Logo({ size = 22 }: { size?: number }) {
  return (
    <Text component="span" fw={700} fz={size} c="teal.8" style={{ letterSpacing: '0.02em' }}>
      {LOGO_TEXT}
    </Text>
  );
}
