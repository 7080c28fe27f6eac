import { Center, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGO_TEXT } from '../components/Logo.tsx';

// Spec section 9: 300 ms per letter, then a 1000 ms pause, then /app/home.
export const LETTER_MS = 300;
export const FINAL_PAUSE_MS = 1000;

export default function SplashPage() {
  const [shown, setShown] = useState(0);
  const navigate = useNavigate();

  useEffect(() => {
    if (shown < LOGO_TEXT.length) {
      const t = setTimeout(() => setShown((n) => n + 1), LETTER_MS);
      return () => clearTimeout(t);
    }
    const t = setTimeout(() => navigate('/app/home', { replace: true }), FINAL_PAUSE_MS);
    return () => clearTimeout(t);
  }, [shown, navigate]);

  return (
    <Center mih="100vh" bg="white">
      <Text
        component="h1"
        fz={64}
        fw={700}
        c="teal.8"
        aria-label={LOGO_TEXT}
        style={{ letterSpacing: '0.08em', margin: 0 }}
      >
        {LOGO_TEXT.split('').map((ch, i) => (
          <span key={i} aria-hidden style={{ opacity: i < shown ? 1 : 0, transition: 'opacity 200ms' }}>
            {ch}
          </span>
        ))}
      </Text>
    </Center>
  );
}
