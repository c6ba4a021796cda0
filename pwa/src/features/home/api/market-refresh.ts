/** How long the prices stay current (the server refreshes its copy as often), and how often a page asks again. */
export const marketCoinsStaleMs = 60_000;
export const marketCoinsRefetchMs = 120_000;
