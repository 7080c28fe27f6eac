import { Progress, Stack, Text } from '@mantine/core';
import { formatCount } from '../format.ts';
import type { PushProgress } from './push.ts';

/** A push in parts as it goes: the bar and "Part n of N · v of V vouchers" (issue 19). */
export function PushProgressBar({
  progress,
  label,
  busy,
}: {
  progress: PushProgress;
  label: string;
  busy?: boolean;
}) {
  return (
    <Stack gap={2} aria-label={label}>
      <Progress
        value={progress.vouchers ? (100 * progress.vouchersDone) / progress.vouchers : 100}
        animated={busy}
      />
      <Text size="xs" c="dimmed">
        Part {progress.partsDone} of {progress.parts} · {formatCount(progress.vouchersDone)} of{' '}
        {formatCount(progress.vouchers)} vouchers
      </Text>
    </Stack>
  );
}
