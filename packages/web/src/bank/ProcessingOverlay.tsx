import { Center, Loader, Overlay, Progress, Stack, Text } from '@mantine/core';
import type { Progress as ProgressState } from './api.ts';

/** The full-screen Processing overlay: upload progress, then 'Reading N pages…'. */
export function ProcessingOverlay({
  progress,
  pages,
}: {
  progress: ProgressState | null;
  pages: number | null;
}) {
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.6} color="#fff" blur={1}>
      <Center h="100%">
        <Stack align="center" gap="xs" role="status" aria-live="polite" w={320}>
          <Loader />
          <Text fw={600}>Processing...</Text>
          {progress?.phase === 'upload' && (
            <>
              <Progress value={progress.percent} w="100%" aria-label="Upload progress" />
              <Text size="sm">Uploading… {progress.percent}%</Text>
            </>
          )}
          {progress?.phase === 'reading' && (
            <Text size="sm">{pages ? `Reading ${pages} pages…` : 'Reading the statement…'}</Text>
          )}
        </Stack>
      </Center>
    </Overlay>
  );
}

/** Pages of an unencrypted PDF, counted from its page objects (null when they cannot be seen). */
export async function countPdfPages(file: File): Promise<number | null> {
  if (!file.name.toLowerCase().endsWith('.pdf') || file.size > 30 * 1024 * 1024) return null;
  const text = new TextDecoder('latin1').decode(await file.arrayBuffer());
  const n = text.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  return n > 0 ? n : null;
}
