/** Who a live session belongs to. The sessions module finds it; middleware and routes read it from `ctx.state.auth`. */
export type Role = 'investor' | 'admin';

export interface SessionPrincipal {
  sessionId: string;
  userId: string;
  role: Role;
  email: string;
}

/** What a route's own statement found of the claimed session (`liveSessionSql`): nothing when it is not live. */
export interface CheckedSession {
  session_id: string;
  user_id: string;
  role: Role;
  email: string;
}

export interface AppState {
  requestId: string;
  auth?: SessionPrincipal;
  /** Why a presented credential was not accepted, for the 401/403 that follows. */
  authFailure?: 'invalid' | 'origin';
  /**
   * On a route that checks the session in its own statement: the id a validly signed token names, not yet known
   * to be live (the route answers 401/403 itself when its statement finds no live session of the right role).
   */
  claimedSessionId?: string;
  /** The answer is a file an investor uploaded: served sandboxed (see security-headers). */
  uploadedFile?: boolean;
}
