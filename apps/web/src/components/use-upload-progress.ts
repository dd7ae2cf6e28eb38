import { useEffect, useRef, useState } from 'react';
import type { UploadOutcome, UploadWatch } from '../lib/upload';

/** Where a form's upload stands, for UploadProgress. */
type UploadPhase =
  { kind: 'idle' } | { kind: 'sending'; sent: number; total: number } | { kind: 'cancelled' } | { kind: 'failed' };

const IDLE: UploadPhase = { kind: 'idle' };

/** After an upload ends: a refusal is told by the form's own messages; a cut or a cancel offers to send again. */
export function phaseAfter(outcome: UploadOutcome): UploadPhase {
  return outcome === 'failed' || outcome === 'cancelled' ? { kind: outcome } : IDLE;
}

export interface UploadProgressState {
  phase: UploadPhase;
  /** Cancelled or cut off: the form's submit button sends it again (and says so). */
  stopped: boolean;
  /** Starts following one upload (a new one replaces the last): hand the watch to lib/upload's apiUpload. */
  begin: () => UploadWatch;
  cancel: () => void;
}

/** One form's upload: progress, Cancel, and what it ended as; leaving the screen stops it. */
export function useUploadProgress(): UploadProgressState {
  const [phase, setPhase] = useState<UploadPhase>(IDLE);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  function begin(): UploadWatch {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setPhase({ kind: 'sending', sent: 0, total: 0 });
    // A replaced upload's late events are not this one's.
    const current = () => running.current === controller;
    return {
      signal: controller.signal,
      onProgress: (sent, total) => {
        if (current()) setPhase({ kind: 'sending', sent, total });
      },
      onEnd: (outcome) => {
        if (!current()) return;
        running.current = null;
        setPhase(phaseAfter(outcome));
      },
    };
  }

  const stopped = phase.kind === 'cancelled' || phase.kind === 'failed';
  return { phase, stopped, begin, cancel: () => running.current?.abort() };
}
