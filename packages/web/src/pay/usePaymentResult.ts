import type { VerifyPaymentRequest } from '@bahi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { storeToken } from '../auth/token.ts';
import { showToast } from '../components/toasts.tsx';
import { verifyPayment } from './api.ts';
import { PAYMENT_FAILED, PAYMENT_OK } from './order.ts';

/**
 * What happens after any checkout (Razorpay or the test one) hands back a payment: the server
 * verifies it, the fresh token (new page_left) is stored, and the user goes to /app/home.
 * Resolves true when verified.
 */
export function usePaymentResult() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(
    async (response: VerifyPaymentRequest): Promise<boolean> => {
      try {
        const answer = await verifyPayment(response);
        storeToken(answer.access_token);
        void client.invalidateQueries({ queryKey: ['account'] });
        void showToast({ color: 'teal', message: PAYMENT_OK });
        navigate('/app/home');
        return true;
      } catch {
        void showToast({ color: 'red', message: PAYMENT_FAILED });
        return false;
      }
    },
    [client, navigate],
  );
}
