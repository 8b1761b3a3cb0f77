// Authentication runs in onRequest, before the body is parsed or validated (docs/product.md §7), so a
// call without a valid token gets 401 — or 403 for the other kind of token — whatever its body.
// A route declares what it needs with
// `config: { auth: 'client' | 'client-optional' | 'staff' | 'staff-enrolment' }`.
import { AppError, MESSAGES, roleCan } from '@brokerdesk/shared';
import type { StaffPermission, StaffRole } from '@brokerdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionScope } from '../db/schema.js';

/**
 * - client: a client session.
 * - client-optional: anonymous when no token is sent; a token that is sent must be a live
 *   client session (a bad one is 401, never silently treated as anonymous).
 * - staff: a staff session with full scope.
 * - staff-enrolment: any staff session, including one that may only enrol TOTP.
 */
export type AuthRequirement = 'client' | 'client-optional' | 'staff' | 'staff-enrolment';

export interface AuthenticatedClient {
  sessionId: string;
  clientId: string;
  emailVerified: boolean;
}

/** The live session behind a token, as the sessions module finds it. */
export type AuthenticatedSession =
  | { kind: 'client'; sessionId: string; clientId: string; emailVerified: boolean }
  | {
      kind: 'staff';
      sessionId: string;
      staffId: string;
      username: string;
      role: StaffRole;
      scope: SessionScope;
      totpEnrolled: boolean;
    };

/**
 * What the hook needs from the sessions module, which buildApp passes in: plugins import no
 * module (modules import plugins), so there is no cycle.
 */
export interface SessionAuthenticator {
  authenticateToken(options: { token: string }): Promise<AuthenticatedSession | null>;
}

/** Who acted, as the auth hook saw them, and from where (the audit log records it). */
export interface StaffActor {
  staffId: string;
  username: string;
  role: StaffRole;
  ip: string;
}

export interface AuthenticatedStaff {
  sessionId: string;
  staffId: string;
  username: string;
  role: StaffRole;
  scope: SessionScope;
  totpEnrolled: boolean;
}

/** A route that declared what it needs: the authorisation matrix test walks this table. */
export interface AuthRoute {
  method: string;
  url: string;
  auth: AuthRequirement;
  permission: StaffPermission | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with `config.auth`, in registration order (for the authorisation matrix). */
    authRoutes: AuthRoute[];
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /** On staff routes: what the staff member's role must allow (STAFF_PERMISSIONS). */
    permission?: StaffPermission;
    /** On client routes that move money: the client's e-mail must be verified (issue 6). */
    verifiedEmail?: boolean;
  }
  interface FastifyRequest {
    /** Set by the auth hook on `auth: 'client'` routes (and 'client-optional' with a token). */
    client: AuthenticatedClient | null;
    /** Set by the auth hook on staff routes. */
    staff: AuthenticatedStaff | null;
  }
}

const NOT_SIGNED_IN = 'Not signed in or session expired';

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = headerValue(request, 'authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The token the caller sent: its own kind's header first (user-token / x-auth-token), then
 * `Authorization: Bearer`, then the other kind's header, so a staff token sent to a client
 * call is recognised and answered 403 rather than 401.
 */
function presentedToken(request: FastifyRequest, wanted: 'client' | 'staff'): string | null {
  const own = wanted === 'client' ? 'user-token' : 'x-auth-token';
  const other = wanted === 'client' ? 'x-auth-token' : 'user-token';
  return headerValue(request, own) ?? bearerToken(request) ?? headerValue(request, other);
}

export function requireClient(request: FastifyRequest): AuthenticatedClient {
  // Reaching a handler without it means the route forgot `config.auth`: a bug, hence 500.
  if (!request.client)
    throw new Error(`route ${request.routeOptions.url} needs config.auth = 'client'`);
  return request.client;
}

export function requireStaff(request: FastifyRequest): AuthenticatedStaff {
  if (!request.staff)
    throw new Error(`route ${request.routeOptions.url} needs a staff config.auth`);
  return request.staff;
}

/** The signed-in staff member as the audit log records them: who, which role, from where. */
export function requireStaffActor(request: FastifyRequest): StaffActor {
  const { staffId, username, role } = requireStaff(request);
  return { staffId, username, role, ip: request.ip };
}

async function authPlugin(app: FastifyInstance, { sessions }: { sessions: SessionAuthenticator }) {
  app.decorateRequest('client', null);
  app.decorateRequest('staff', null);

  const authRoutes: AuthRoute[] = [];
  app.decorate('authRoutes', authRoutes);
  app.addHook('onRoute', (route) => {
    const config = route.config as { auth?: AuthRequirement; permission?: StaffPermission };
    if (!config?.auth) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      authRoutes.push({ method, url: route.url, auth: config.auth, permission: config.permission });
    }
  });

  app.addHook('onRequest', async (request) => {
    const requirement = request.routeOptions.config.auth;
    if (!requirement) return;
    const wanted =
      requirement === 'client' || requirement === 'client-optional' ? 'client' : 'staff';

    const token = presentedToken(request, wanted);
    if (!token && requirement === 'client-optional') return;
    const session = token ? await sessions.authenticateToken({ token }) : null;
    if (!session) throw new AppError('UNAUTHENTICATED', NOT_SIGNED_IN);

    if (session.kind === 'client') {
      if (wanted !== 'client')
        throw new AppError('WRONG_TOKEN_KIND', 'This call needs a staff sign-in');
      if (request.routeOptions.config.verifiedEmail && !session.emailVerified) {
        throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.verification.required);
      }
      request.client = {
        sessionId: session.sessionId,
        clientId: session.clientId,
        emailVerified: session.emailVerified,
      };
      return;
    }
    if (wanted !== 'staff')
      throw new AppError('WRONG_TOKEN_KIND', 'This call needs a client sign-in');
    if (requirement === 'staff' && session.scope !== 'full') {
      throw new AppError('TOTP_ENROLMENT_REQUIRED', 'Set up two-factor authentication to continue');
    }
    const permission = request.routeOptions.config.permission;
    if (permission && !roleCan(session.role, permission)) {
      throw new AppError('FORBIDDEN', 'Your role does not allow this action');
    }
    request.staff = {
      sessionId: session.sessionId,
      staffId: session.staffId,
      username: session.username,
      role: session.role,
      scope: session.scope,
      totpEnrolled: session.totpEnrolled,
    };
  });
}

export default fp(authPlugin, { name: 'auth' });
