/**
 * The fetch of the tRPC link. tRPC reads only JSON answers; any other error answer (a proxy's
 * 502 page, a 503 in plain text) becomes an Error `{status}: {body}`, the form the UI shows.
 */
export async function fetchWithPlainErrors(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const type = response.headers.get('content-type') ?? '';
  if (response.ok || type.includes('json')) return response;
  const body = (await response.text()).trim().slice(0, MAX_BODY_SHOWN);
  throw new Error(`${response.status}: ${body || response.statusText}`);
}

/** Enough of an error page to recognise it, never a whole HTML document in a toast. */
const MAX_BODY_SHOWN = 200;
