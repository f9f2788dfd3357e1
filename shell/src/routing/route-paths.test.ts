/**
 * The contract fills route patterns itself (shared-contracts fillPath: the services import the contract and
 * must not load a router); the shell routes with react-router. For every named route the two agree: the
 * path fillPath makes is generatePath's, and matchPath reads its parameters back.
 */
import { generatePath, matchPath } from 'react-router';
import { fillPath, NAMED_ROUTES } from 'shared-contracts';

const keysOf = (pattern: string) => [...pattern.matchAll(/:([\w-]+)(\??)/g)].map(([, key, optional]) => ({ key, optional: optional === '?' }));

describe.each(Object.entries(NAMED_ROUTES))('%s (%s)', (_name, pattern) => {
  it('fills every parameter as generatePath does, and matchPath reads them back', () => {
    const params = Object.fromEntries(keysOf(pattern).map(({ key }, at) => [key, `value-${at}`]));
    const path = fillPath(pattern, params);
    expect(path).toBe(generatePath(pattern, params));
    expect(matchPath(pattern, path)?.params).toEqual(params);
  });

  it('drops the optional parameters left out, as generatePath does', () => {
    const params = Object.fromEntries(keysOf(pattern).filter(({ optional }) => !optional).map(({ key }) => [key, 'given']));
    expect(fillPath(pattern, params)).toBe(generatePath(pattern, params));
  });
});
