import { Affix, Alert, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/session.ts';
import { notifyError } from '../components/notify.ts';
import { showToast } from '../components/toasts.tsx';
import { formatCount } from '../format.ts';
import { getTeam } from '../office/team-api.ts';
import { createOrder, getPlans } from '../pay/api.ts';
import { CHECKOUT_LOAD_FAILED, orderPayload, PAYMENT_FAILED } from '../pay/order.ts';
import { PlanCard } from '../pay/PlanCard.tsx';
import { loadCheckout, openCheckout } from '../pay/razorpay.ts';
import { usePaymentResult } from '../pay/usePaymentResult.ts';

// Plan screen (/app/pay, spec section 2). Plans and prices come from the server; Place Order sends
// the selected plan's price × 100 and pages, which the server accepts only for one of its plans.
export default function PayPage() {
  const session = useSession();
  const navigate = useNavigate();
  const finish = usePaymentResult();
  const plans = useQuery({ queryKey: ['payment', 'plans'], queryFn: getPlans, staleTime: 5 * 60_000 });
  // A member's pages are the office's, bought by its owner (decisions 054, 057): the server refuses
  // a member's order, so the screen says so instead of offering it. Unknown (not answered): offered.
  const team = useQuery({ queryKey: ['office', 'team', 'role'], queryFn: getTeam, retry: false });
  const member = team.data && team.data.role !== 'owner' ? team.data : null;
  const [selected, setSelected] = useState(0);
  const pagesLeft = session?.claims.page_left ?? 0;
  const claims = session?.claims;

  const place = useMutation({
    mutationFn: async () => {
      const plan = plans.data?.plans[selected];
      if (!plan) return;
      const order = await createOrder(orderPayload(plan));
      if (order.mode === 'test') {
        navigate(`/app/pay/test-checkout?order_id=${encodeURIComponent(order.id)}`);
        return;
      }
      if (!(await loadCheckout())) {
        void showToast({ color: 'red', message: CHECKOUT_LOAD_FAILED });
        return;
      }
      const outcome = await openCheckout(order, {
        name: claims?.name,
        email: claims?.email,
        contact: claims?.phone,
      });
      if (outcome.kind === 'paid') await finish(outcome.response);
      else if (outcome.kind === 'failed') void showToast({ color: 'red', message: PAYMENT_FAILED });
    },
    onError: (err) => notifyError('The order could not be placed', err),
  });

  return (
    <Stack gap="lg" pb={96}>
      <Group justify="space-between" align="center">
        <Title order={2}>Choose Your Plan</Title>
        <Badge size="lg" variant="light" aria-label="Pages Left">
          Pages Left: {formatCount(pagesLeft)}
        </Badge>
      </Group>
      {plans.isPending && <Skeleton h={180} />}
      {plans.isError && (
        <Alert color="red">The plans could not be loaded. Reload the page to try again.</Alert>
      )}
      {plans.data?.mode === 'off' && (
        <Alert color="red" title="Purchases are not available">
          This server has no payment provider configured, so plans cannot be bought here. Please contact the
          administrator.
        </Alert>
      )}
      {member && (
        <Alert color="blue" title="Pages are bought by the office’s owner">
          You work in {member.office_name || 'an office'} as {member.role}: the pages you read are the
          office’s, and its owner buys them.
        </Alert>
      )}
      {plans.data && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} role="radiogroup" aria-label="Plans">
          {plans.data.plans.map((plan, i) => (
            <PlanCard key={plan.id} plan={plan} selected={i === selected} onSelect={() => setSelected(i)} />
          ))}
        </SimpleGrid>
      )}
      <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
        <Button
          size="lg"
          onClick={() => place.mutate()}
          loading={place.isPending}
          disabled={!plans.data || plans.data.mode === 'off' || member !== null}
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          Place Order
        </Button>
      </Affix>
    </Stack>
  );
}
