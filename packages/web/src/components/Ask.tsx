import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';

// A question in the page instead of window.confirm (issue 34): the same words, two named buttons,
// the choice as a promise. The screen that asks renders <AskHost /> (its screens hold a Modal already:
// in the shell it cost the landing bundle 10 KB).

export type Question = { title: string; text: string; yes: string; no?: string };
type Asked = Question & { answer: (yes: boolean) => void };

let asked: Asked | null = null;
const askListeners = new Set<() => void>();
const changed = () => askListeners.forEach((l) => l());

/** Asks; resolves true when the user chose `yes`, false on `no`, Escape or closing. */
export function ask(question: Question): Promise<boolean> {
  asked?.answer(false); // one question at a time: a new one answers the old one "no"
  return new Promise((resolve) => {
    asked = {
      ...question,
      answer: (yes) => {
        asked = null;
        changed();
        resolve(yes);
      },
    };
    changed();
  });
}

/** Rendered once by the screen that asks: shows the open question, if any. */
export function AskHost() {
  const open = useSyncExternalStore(
    (l) => (askListeners.add(l), () => askListeners.delete(l)),
    () => asked,
  );
  return open ? <AskDialog question={open} /> : null;
}

function AskDialog({ question }: { question: Question & { answer: (yes: boolean) => void } }) {
  return (
    <Modal opened onClose={() => question.answer(false)} title={question.title} centered>
      <Stack gap="md">
        {question.text.split('\n\n').map((p) => (
          <Text key={p} size="sm">
            {p}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => question.answer(false)}>
            {question.no ?? 'Cancel'}
          </Button>
          <Button data-autofocus onClick={() => question.answer(true)}>
            {question.yes}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
