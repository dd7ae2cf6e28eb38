import { ApiError, apiRequest, isAbortError, parseAnswer, refusalOf, type RequestOptions } from './api-client';
import { API_BASE } from './config';

/** How an upload ended: answered ok, refused by the server, cut off (no answer, or the server failed), or cancelled. */
export type UploadOutcome = 'sent' | 'refused' | 'failed' | 'cancelled';

/** What a form hands an upload to follow it: Cancel aborts `signal`; the upload reports bytes sent and how it ended. */
export interface UploadWatch {
  signal: AbortSignal;
  onProgress: (sent: number, total: number) => void;
  onEnd: (outcome: UploadOutcome) => void;
}

/**
 * A multipart call (`options.form`) with the same answers and ApiErrors as apiRequest, through
 * XMLHttpRequest: the one browser API that tells how many bytes of the body are sent (fetch does not).
 */
export async function apiUpload<T>(path: string, options: RequestOptions, watch: UploadWatch): Promise<T> {
  try {
    // Without XMLHttpRequest (the unit tests' jsdom has it removed) the fetch wrapper sends it, without progress.
    const answer =
      typeof XMLHttpRequest === 'function'
        ? await sendWithProgress<T>(path, options, watch)
        : await apiRequest<T>(path, { ...options, signal: watch.signal });
    watch.onEnd('sent');
    return answer;
  } catch (error) {
    watch.onEnd(outcomeOf(error, watch.signal));
    throw error;
  }
}

function outcomeOf(error: unknown, signal: AbortSignal): UploadOutcome {
  if (signal.aborted || isAbortError(error)) return 'cancelled';
  const status = error instanceof ApiError ? error.status : 0;
  // Sending the same again can help only when the connection or the server failed, not when it said no.
  return status === 0 || status >= 500 ? 'failed' : 'refused';
}

function sendWithProgress<T>(path: string, options: RequestOptions, watch: UploadWatch): Promise<T> {
  const { defaultMessage, method = 'POST', form, token } = options;
  return new Promise<T>((resolve, reject) => {
    if (watch.signal.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    const done = () => watch.signal.removeEventListener('abort', cancel);
    watch.signal.addEventListener('abort', cancel, { once: true });
    xhr.open(method, `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => watch.onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      done();
      const answer = parseAnswer(xhr.responseText);
      if (xhr.status === 0) reject(new ApiError(defaultMessage, 0));
      else if (xhr.status < 200 || xhr.status >= 300) reject(refusalOf(xhr.status, answer ?? null, options));
      // An empty or non-JSON ok answer is a broken one, as for apiRequest.
      else if (answer === null || answer === undefined) reject(new ApiError(defaultMessage, xhr.status));
      else resolve(answer as T);
    };
    const cut = () => {
      done();
      reject(new ApiError(defaultMessage, 0));
    };
    xhr.onerror = cut;
    xhr.ontimeout = cut;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(form ?? null);
  });
}
