import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { apiUpload, type UploadOutcome } from './upload';

/** A stand-in XMLHttpRequest the test drives: progress, an answer, a dropped connection. */
class FakeXhr {
  static last: FakeXhr | null = null;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function watch() {
  const controller = new AbortController();
  const progress: [number, number][] = [];
  const ends: UploadOutcome[] = [];
  return {
    controller,
    progress,
    ends,
    watch: {
      signal: controller.signal,
      onProgress: (sent: number, total: number) => progress.push([sent, total]),
      onEnd: (outcome: UploadOutcome) => ends.push(outcome),
    },
  };
}

const form = () => {
  const body = new FormData();
  body.append('item_name', 'Phone');
  return body;
};

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('apiUpload', () => {
  it('sends the form with the bearer, reports the bytes sent and answers the JSON', async () => {
    const w = watch();
    const sent = apiUpload('/v1/sells', { method: 'POST', form: form(), token: 't0k', defaultMessage: 'x' }, w.watch);
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.headers.Authorization]).toEqual(['POST', '/api/v1/sells', 'Bearer t0k']);
    expect(xhr.body).toBeInstanceOf(FormData);
    xhr.progress(300_000, 900_000);
    xhr.progress(900_000, 900_000);
    xhr.answer(201, { reference: 'S-7QK2M' });
    await expect(sent).resolves.toEqual({ reference: 'S-7QK2M' });
    expect(w.progress).toEqual([
      [300_000, 900_000],
      [900_000, 900_000],
    ]);
    expect(w.ends).toEqual(['sent']);
  });

  it("refuses with the server's message and field errors, as apiRequest does", async () => {
    const w = watch();
    const sent = apiUpload('/v1/sells', { form: form(), defaultMessage: 'Something went wrong' }, w.watch);
    FakeXhr.last!.answer(400, { message: 'Item name is required', errors: { item_name: 'Item name is required' } });
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Item name is required' });
    expect((error as ApiError).fieldErrors).toEqual({ item_name: 'Item name is required' });
    expect(w.ends).toEqual(['refused']);
  });

  it('ends a session on a 401 when the caller says so', async () => {
    const then = vi.fn();
    const sent = apiUpload(
      '/admin/products/create',
      { form: form(), defaultMessage: 'x', unauthorized: { message: 'Your session has expired.', then } },
      watch().watch,
    );
    FakeXhr.last!.answer(401, '');
    await expect(sent).rejects.toMatchObject({ status: 401, message: 'Your session has expired.' });
    expect(then).toHaveBeenCalledOnce();
  });

  it('a dropped connection or a failing server is a failure that can be sent again', async () => {
    const dropped = watch();
    const first = apiUpload('/v1/sells', { form: form(), defaultMessage: 'Something went wrong' }, dropped.watch);
    FakeXhr.last!.onerror?.();
    await expect(first).rejects.toMatchObject({ status: 0, message: 'Something went wrong' });
    expect(dropped.ends).toEqual(['failed']);

    const failing = watch();
    const second = apiUpload('/v1/sells', { form: form(), defaultMessage: 'Something went wrong' }, failing.watch);
    FakeXhr.last!.answer(503, '<html>busy</html>');
    await expect(second).rejects.toMatchObject({ status: 503, message: 'Something went wrong' });
    expect(failing.ends).toEqual(['failed']);
  });

  it('Cancel aborts the request: an AbortError, ended as cancelled', async () => {
    const w = watch();
    const sent = apiUpload('/v1/sells', { form: form(), defaultMessage: 'x' }, w.watch);
    FakeXhr.last!.progress(100, 900);
    w.controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(w.ends).toEqual(['cancelled']);
  });

  it('without XMLHttpRequest it goes through fetch, without progress', async () => {
    vi.stubGlobal('XMLHttpRequest', undefined);
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ id: 1 }), { status: 200 }));
    const w = watch();
    await expect(
      apiUpload('/v1/sells', { method: 'POST', form: form(), defaultMessage: 'x' }, w.watch),
    ).resolves.toEqual({ id: 1 });
    expect(fetchSpy.mock.calls[0]![1]!.body).toBeInstanceOf(FormData);
    expect(w.ends).toEqual(['sent']);
    fetchSpy.mockRestore();
  });
});
