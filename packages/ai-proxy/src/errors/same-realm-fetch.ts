/**
 * `fetch` whose failures are `Error`s of this realm. Under jest, fetch rejects with a DOMException
 * of Node's realm, which fails the SDKs' `instanceof Error` and loses its `AbortError` name there:
 * the OpenAI SDK then reports its own timeout as a plain connection error.
 */
export const sameRealmFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (error instanceof Error || typeof error !== 'object' || error === null) throw error;
    const name = 'name' in error && typeof error.name === 'string' ? error.name : 'Error';
    const message = 'message' in error && typeof error.message === 'string' ? error.message : 'fetch failed';
    throw Object.assign(new Error(message), { name });
  }
};
