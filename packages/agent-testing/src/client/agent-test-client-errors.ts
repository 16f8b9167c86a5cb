/** Where a failing call went, so that the error names it. */
export interface AgentTestClientErrorInit {
  /** The HTTP status the agent (or the sandbox) answered. */
  readonly status: number;
  /** The collection of the call, when it had one. */
  readonly collection?: string;
  /** The error name in the agent's body (`ValidationError`, `MissingFieldError`...), if any. */
  readonly agentErrorName?: string;
  /** The request, `GET /platform/books`: to find which call failed. */
  readonly request: string;
  readonly cause?: unknown;
}

/**
 * A call of the test client that the agent (or the sandbox) refused. Subclasses name the common
 * statuses so a test can `expect(...).rejects.toThrow(ForbiddenError)`; `status`, `collection`
 * and the agent's own message are kept for finer assertions.
 */
export class AgentTestClientError extends Error {
  readonly status: number;
  readonly collection: string | undefined;
  readonly agentErrorName: string | undefined;
  readonly request: string;

  constructor(message: string, init: AgentTestClientErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AgentTestClientError';
    this.status = init.status;
    this.collection = init.collection;
    this.agentErrorName = init.agentErrorName;
    this.request = init.request;
  }
}

/** 400: the agent refused the input (an unknown field, a bad filter, form values...). */
export class ValidationError extends AgentTestClientError {
  constructor(message: string, init: AgentTestClientErrorInit) {
    super(message, init);
    this.name = 'ValidationError';
  }
}

/** 401: no valid token (a wrong `agentPlatformAuthSecret`) or a wrong environment secret. */
export class UnauthorizedError extends AgentTestClientError {
  constructor(message: string, init: AgentTestClientErrorInit) {
    super(message, init);
    this.name = 'UnauthorizedError';
  }
}

/** 403: the current user's permissions refuse the call. */
export class ForbiddenError extends AgentTestClientError {
  constructor(message: string, init: AgentTestClientErrorInit) {
    super(message, init);
    this.name = 'ForbiddenError';
  }
}

/** 404: an unknown collection, record, relation, action, chart or segment. */
export class NotFoundError extends AgentTestClientError {
  constructor(message: string, init: AgentTestClientErrorInit) {
    super(message, init);
    this.name = 'NotFoundError';
  }
}

/** 409 or 422: the agent (or a hook of the customer's code) refused the operation. */
export class UnprocessableError extends AgentTestClientError {
  constructor(message: string, init: AgentTestClientErrorInit) {
    super(message, init);
    this.name = 'UnprocessableError';
  }
}

/** The typed error of a refused call: the subclass of its status, else the base class. */
export function errorForStatus(message: string, init: AgentTestClientErrorInit): AgentTestClientError {
  switch (init.status) {
    case 400:
      return new ValidationError(message, init);
    case 401:
      return new UnauthorizedError(message, init);
    case 403:
      return new ForbiddenError(message, init);
    case 404:
      return new NotFoundError(message, init);
    case 409:
    case 422:
      return new UnprocessableError(message, init);
    default:
      return new AgentTestClientError(message, init);
  }
}
