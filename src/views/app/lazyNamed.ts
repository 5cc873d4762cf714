import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component; its props are kept in the result's type
type AnyComponent = ComponentType<any>;

/**
 * React `lazy` for a named export: the module loads on the component's first render. `load` must be
 * an `import('...')` written out where it is used, so that the bundler can split it.
 */
export function lazyNamed<Name extends string, Module extends Record<Name, AnyComponent>>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
