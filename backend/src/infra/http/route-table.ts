import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';

/** One HTTP route as Nest registered it: the source of truth the API document and its tests are checked against. */
export interface Route {
  /** Upper case: GET, POST… */
  readonly method: string;
  /** In OpenAPI's spelling: `/api/orders/{orderId}`. */
  readonly path: string;
  readonly controller: Type;
  readonly handlerName: string;
  /** The guards of the class and of the handler. */
  readonly guards: readonly Type[];
}

const pathsOf = (value: unknown): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? (value as string[]) : [value as string];

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment))
    .join('/')}`;

const guardsOf = (target: object): Type[] =>
  (Reflect.getMetadata(GUARDS_METADATA, target) as Type[] | undefined) ?? [];

/** Every route of every controller the application holds, read from Nest's own metadata. */
export function routeTable(app: INestApplication): Route[] {
  const routes: Route[] = [];
  const seen = new Set<Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const prototype = controller.prototype as Record<string, unknown>;
      for (const handlerName of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[handlerName];
        if (handlerName === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        for (const base of pathsOf(Reflect.getMetadata(PATH_METADATA, controller)))
          for (const own of pathsOf(Reflect.getMetadata(PATH_METADATA, handler)))
            routes.push({
              method: RequestMethod[method]!,
              path: joinPath(base, own),
              controller,
              handlerName,
              guards: [...guardsOf(controller), ...guardsOf(handler)],
            });
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
