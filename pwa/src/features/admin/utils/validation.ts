/** The spec's simple e-mail shape (text @ text . text); the server checks it properly. */
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export const MIN_PASSWORD_LENGTH = 8;
