import { type INestApplication } from '@nestjs/common';
import request from 'supertest';
import { buildApiDocument } from '../api-docs.js';
import { DocumentedAnswers } from './documented-answers.js';

type Answer = { status: number; type: string; body: unknown; redirects?: readonly string[] };

const watched = new WeakMap<object, DocumentedAnswers>();
let installed = false;

type TestLike = {
  app: object;
  method: string;
  url: string;
  assert(error: unknown, res: unknown, fn?: (error: unknown, res: unknown) => void): void;
};

/**
 * Every answer SuperTest gets from `app` (through `request(server)` or `request.agent(server)`) is
 * checked against the app's OpenAPI document once the test's own expectations have passed: a test
 * fails naming the route and what the validator found.
 */
export function checkAnswersAgainstDocument(app: INestApplication): void {
  watched.set(app.getHttpServer() as object, new DocumentedAnswers(() => buildApiDocument(app)));
  if (installed) return;
  installed = true;
  const prototype = (request as unknown as { Test: { prototype: TestLike } }).Test.prototype;
  const assert = prototype.assert;
  prototype.assert = function (this: TestLike, error, res, fn) {
    assert.call(this, error, res, (found: unknown, answer: unknown) => {
      const answers = watched.get(this.app);
      if (!found && answer && answers) {
        const { status, type, body, redirects } = answer as Answer;
        const problem = answers.problem(this.method, this.url, {
          status,
          type,
          body,
          redirects: redirects ?? [],
        });
        if (problem) found = new Error(problem);
      }
      fn?.call(this, found, answer);
    });
  };
}
