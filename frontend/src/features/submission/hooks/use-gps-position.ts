import { useCallback, useEffect, useRef, useState } from 'react';
import { getCurrentPosition } from '@/lib/geolocation';
import { modalGeolocationMessage } from '../lib/submission-form';

export type GpsState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; lat: number; lng: number }
  | { status: 'failed'; message: string };

/**
 * The modal's GPS position (SPEC §4 "Submission modal"): fetched as soon as `active`
 * turns true (on opening with the gps method, or on switching to it), cleared when it
 * turns false. An answer that arrives after a reset or a newer request is dropped.
 */
export function useGpsPosition(active: boolean) {
  const [state, setState] = useState<GpsState>({ status: 'idle' });
  const request = useRef(0);

  const locate = useCallback(() => {
    const id = ++request.current;
    setState({ status: 'locating' });
    getCurrentPosition().then(
      (position) => {
        if (request.current === id) setState({ status: 'located', ...position });
      },
      (error: unknown) => {
        if (request.current === id) setState({ status: 'failed', message: modalGeolocationMessage(error) });
      },
    );
  }, []);

  useEffect(() => {
    if (active) locate();
    else setState({ status: 'idle' });
    return () => {
      request.current += 1;
    };
  }, [active, locate]);

  return { state, relocate: locate };
}
