import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PlanOffer } from '@bahi/contract';
import { formatRupees } from '@bahi/core';
import { formatCount } from '../format.ts';

const rupees = (n: number) => formatRupees(n, { whole: true });

/** One selectable plan card (spec section 2, Plan screen). */
export function PlanCard({
  plan,
  selected,
  onSelect,
}: {
  plan: PlanOffer;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <UnstyledButton
      role="radio"
      aria-checked={selected}
      aria-label={plan.name}
      onClick={onSelect}
      style={{ display: 'block', width: '100%' }}
    >
      <Paper
        withBorder
        p="lg"
        h="100%"
        style={{
          borderWidth: 2,
          borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
          background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} size="lg">
              {plan.name}
            </Text>
            {selected && <Badge variant="filled">Selected</Badge>}
          </Group>
          <Text c="dimmed">
            {formatCount(plan.pages)} {plan.pages === 1 ? 'page' : 'pages'}
          </Text>
          <Group gap="xs" align="baseline">
            <Text td="line-through" c="dimmed" data-testid="base-price">
              {rupees(plan.baseAmount)}
            </Text>
            <Text fw={700} size="xl" data-testid="price">
              {rupees(plan.price)}
            </Text>
          </Group>
          {plan.save_percent > 0 && (
            <Text c="teal.9" fw={600} size="sm">
              Save {plan.save_percent}%!
            </Text>
          )}
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
