import type { RequestContext } from '../state/background.js';
import type { KitState } from '../state/kit-state.js';
import { modeOf, refusalOf } from '../sessions/guard.js';
import type { ResolvedSessionOptions } from '../sessions/options.js';
import type { SessionAnswerer } from '../sessions/answer.js';
import { KycSessionRefusedError } from '../sessions/refused-error.js';
import { refusalReasonOf } from '../telemetry/refusals.js';
import { errorResponse, jsonResponse, methodNotAllowed } from './responses.js';

export type { BuildRequest, SessionAnswerBody } from '../sessions/answer.js';
export type { SessionTransactionRequest } from '../sessions/create.js';

/**
 * `POST`: answers the caller's current transaction (200), or creates one (201) (sessions/answer.ts).
 * Only from the backend's own pages or allowed origins (403). docs/sessions.md.
 */
export function sessionHandler(kit: KitState, answerSession: SessionAnswerer, options: ResolvedSessionOptions) {
  return async (request: Request, context: RequestContext = {}): Promise<Response> => {
    if (request.method !== 'POST') return methodNotAllowed('POST, GET');
    const refusal = refusalOf(request, options.allowedOrigins);
    if (refusal) {
      kit.telemetry.refused(refusalReasonOf(request));
      kit.report(new KycSessionRefusedError(refusal));
      return errorResponse(403, 'forbidden', refusal);
    }
    const outcome = await answerSession(request, context, modeOf(request));
    return outcome instanceof Response ? outcome : jsonResponse(outcome.resumed ? 200 : 201, outcome);
  };
}
