import { Divider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { googleClientId } from '../api/auth.ts';

// Google Identity Services, loaded only when a client id is configured; otherwise nothing shows.
const GIS_SRC = 'https://accounts.google.com/gsi/client';

type Gis = {
  accounts: {
    id: {
      initialize: (o: { client_id: string; callback: (r: { credential?: string }) => void }) => void;
      renderButton: (el: HTMLElement, o: Record<string, unknown>) => void;
    };
  };
};

let loading: Promise<Gis> | null = null;
function loadGis(): Promise<Gis> {
  loading ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = GIS_SRC;
    s.async = true;
    s.onload = () => resolve((window as unknown as { google: Gis }).google);
    s.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not be loaded'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export function GoogleButton({ onCredential }: { onCredential: (credential: string | undefined) => void }) {
  const { data: clientId } = useQuery({
    queryKey: ['google-client-id'],
    queryFn: googleClientId,
    staleTime: Infinity,
  });
  const el = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    if (!clientId || !el.current) return;
    let cancelled = false;
    loadGis()
      .then((google) => {
        if (cancelled || !el.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => callback.current(r.credential),
        });
        google.accounts.id.renderButton(el.current, { theme: 'outline', size: 'large', width: 320 });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <div ref={el} data-testid="google-signin" style={{ display: 'flex', justifyContent: 'center' }} />
    </>
  );
}
