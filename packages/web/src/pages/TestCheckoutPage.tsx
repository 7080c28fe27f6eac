import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatIndian } from '@bahi/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../components/toasts.tsx';
import { formatCount } from '../format.ts';
import { completeTestPayment, getOrder } from '../pay/api.ts';
import { PAYMENT_FAILED } from '../pay/order.ts';
import { usePaymentResult } from '../pay/usePaymentResult.ts';

// TEST MODE checkout (/app/pay/test-checkout): stands in for Razorpay Checkout when the server has
// no payment keys. Paying asks the server to sign the payment as Razorpay would; verification then
// runs exactly as in live mode. No money moves.
export default function TestCheckoutPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const navigate = useNavigate();
  const finish = usePaymentResult();
  const order = useQuery({
    queryKey: ['payment', 'order', orderId],
    queryFn: () => getOrder(orderId),
    enabled: !!orderId,
  });

  const pay = useMutation({
    mutationFn: async () => finish(await completeTestPayment(orderId)),
    onError: () => void showToast({ color: 'red', message: PAYMENT_FAILED }),
  });
  const fail = () => {
    void showToast({ color: 'red', message: PAYMENT_FAILED });
    navigate('/app/pay');
  };

  return (
    <Stack maw={520} mx="auto" gap="md">
      <Alert color="orange" variant="filled" title="TEST MODE">
        No real payment is taken. This checkout stands in for Razorpay because the server runs payments in
        test mode (no Razorpay keys, or BAHI_PAYMENTS=test).
      </Alert>
      <Paper withBorder p="lg">
        <Title order={2} mb="sm">
          Test checkout
        </Title>
        {!orderId && <Alert color="red">No order to pay. Choose a plan first.</Alert>}
        {order.isPending && orderId && <Skeleton h={120} />}
        {order.isError && <Alert color="red">This order could not be found.</Alert>}
        {order.data && (
          <Stack gap="sm">
            <Text>
              <b>{order.data.plan_name}</b>: {formatCount(order.data.pages)} pages
            </Text>
            <Text size="xl" fw={700}>
              {formatIndian(order.data.amount, { symbol: true })}
            </Text>
            <Text size="sm" c="dimmed">
              Order {order.data.id}
            </Text>
            {order.data.status === 'paid' ? (
              <Alert color="teal">This order is already paid.</Alert>
            ) : (
              <Group>
                <Button color="orange" onClick={() => pay.mutate()} loading={pay.isPending}>
                  Pay {formatIndian(order.data.amount, { symbol: true })} (test)
                </Button>
                <Button variant="default" onClick={fail} disabled={pay.isPending}>
                  Fail payment
                </Button>
              </Group>
            )}
          </Stack>
        )}
        <Button component={Link} to="/app/pay" variant="subtle" mt="md" px={0}>
          Back to plans
        </Button>
      </Paper>
    </Stack>
  );
}
