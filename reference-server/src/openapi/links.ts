import { pathParameterNames, type OperationSpec } from './operation.js';

/**
 * OpenAPI links of a creating operation's success response: to every operation whose path needs
 * what it created, that value taken from the answer (`creates`) and the other path parameters from
 * the creating request. A stateful API fuzzer chains calls along them (create a project, then read,
 * change and calculate it; create a room, then read and change it) instead of guessing keys.
 */
export function linksOf(operation: OperationSpec, operations: readonly OperationSpec[]) {
  const { creates } = operation;
  if (creates === undefined) return undefined;
  const known = new Set(pathParameterNames(operation.path));
  const expression = (name: string): string => {
    const pointer = creates[name];
    return pointer === undefined ? `$request.path.${name}` : `$response.body#${pointer}`;
  };
  const targets = operations.filter((target) => {
    const names = pathParameterNames(target.path);
    return names.some((name) => name in creates) && names.every((name) => name in creates || known.has(name));
  });
  return Object.fromEntries(
    targets.map((target) => [
      target.operationId,
      {
        operationId: target.operationId,
        description: `${target.summary}, with ${Object.keys(creates).join(' and ')} of the created resource.`,
        parameters: Object.fromEntries(pathParameterNames(target.path).map((name) => [name, expression(name)])),
      },
    ]),
  );
}
