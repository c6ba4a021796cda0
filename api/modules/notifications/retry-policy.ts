/** Every message (e-mail, push, the operators' digest) is tried at most this many times, then marked failed. */
export const maxAttempts = 10;
/** 30 s, 1 min, 2 min … at most an hour between tries. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
