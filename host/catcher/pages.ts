import { REFUSAL_CHECK } from '../../shared/flows/callback-checks';
import type { PageContent } from './page';
import type { CaughtCallback } from './types';

export interface Page {
  readonly status: number;
  readonly content: PageContent;
}

const BACK = 'Return to OAuth Lab to see the details. You can close this tab.';

/** The fixed answers of the catcher, one per outcome that is not a delivered callback. */
export const PAGES = {
  not_found: {
    status: 404,
    content: {
      title: 'Not found',
      good: false,
      paragraphs: ['This address is not the OAuth Lab callback. Nothing was consumed.'],
    },
  },
  method_not_allowed: {
    status: 405,
    content: {
      title: 'Method not allowed',
      good: false,
      paragraphs: ['The OAuth Lab callback accepts only GET. Nothing was consumed.'],
    },
  },
  bad_host: {
    status: 421,
    content: {
      title: 'Misdirected request',
      good: false,
      paragraphs: [
        'The Host of this request is not the loopback address of OAuth Lab, so it was refused (DNS rebinding protection).',
      ],
    },
  },
  not_authorization_response: {
    status: 400,
    content: {
      title: 'Not an authorization response',
      good: false,
      paragraphs: [
        'This request carries none of the parameters of an authorization response (code, state, error, oauth_token, oauth_verifier). Nothing was consumed; the flow is still waiting.',
      ],
    },
  },
  already_handled: {
    status: 409,
    content: {
      title: 'Already handled',
      good: false,
      paragraphs: ['This callback was already handled; it is never used twice.', BACK],
    },
  },
  expired: {
    status: 410,
    content: {
      title: 'Flow no longer waiting',
      good: false,
      paragraphs: ['The flow this callback belongs to timed out or was cancelled. Start the flow again in OAuth Lab.'],
    },
  },
  unmatched: {
    status: 400,
    content: {
      title: 'No flow is waiting for this callback',
      good: false,
      paragraphs: [
        'Its state or oauth_token matches no pending flow of OAuth Lab, so it was refused and recorded. A waiting flow keeps waiting for its own callback.',
      ],
    },
  },
} as const satisfies Record<string, Page>;

/** The page for a callback delivered to a flow: whether the flow may continue, the provider's error as text, the checks. */
export function resultPage(r: CaughtCallback): Page {
  const base = { checks: r.checks, providerError: r.providerError };
  if (r.mayContinue) {
    return {
      status: 200,
      content: {
        ...base,
        title: 'Authorization received',
        good: true,
        paragraphs: [
          'OAuth Lab received the callback and every check passed. The flow continues in OAuth Lab; you can close this tab.',
        ],
      },
    };
  }
  const title =
    r.providerError && r.checks.every((c) => c.ok || c.kind === 'consequence' || c.name === REFUSAL_CHECK[r.kind])
      ? 'The provider refused the authorization'
      : 'The flow cannot continue';
  return {
    status: 400,
    content: {
      ...base,
      title,
      good: false,
      paragraphs: [
        'OAuth Lab received the callback, but the flow cannot continue: no token request will be made.',
        BACK,
      ],
    },
  };
}
