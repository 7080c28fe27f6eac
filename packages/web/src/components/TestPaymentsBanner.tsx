import { Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { publicConfig } from '../api/config.ts';

/** BAHI_PAYMENTS=test: every screen says that purchases here take no money (issue 18). */
export default function TestPaymentsBanner() {
  const [mode, setMode] = useState('');
  useEffect(() => {
    let live = true;
    publicConfig().then(
      (c) => live && setMode(c.payments_mode),
      () => undefined, // no banner when the server cannot say
    );
    return () => {
      live = false;
    };
  }, []);
  if (mode !== 'test') return null;
  return (
    <Box role="status" bg="orange.7" c="white" py={4} px="md">
      <Text size="sm" fw={700} ta="center">
        TEST PAYMENTS: this server completes orders without taking any payment (BAHI_PAYMENTS=test).
      </Text>
    </Box>
  );
}
