import { type ComponentProps, type ComponentType, createElement, lazy, useContext } from 'react';
import { ServerRenderContext } from '../../system/firstScreen.ts';

// biome-ignore lint/suspicious/noExplicitAny: any component; its props are kept in the result's type
type AnyComponent = ComponentType<any>;

/** Every lazily loaded part by its export name, with what loads it: the browser loads the page's first. */
const parts = new Map<string, () => Promise<void>>();

/**
 * Loads the named parts the server drew in the page before the browser hydrates it, and the parts
 * those bring (a screen's own lazy parts are known once the screen's module has run). A part still
 * loading while the page hydrates would be drawn anew by the browser, losing its server snapshot.
 */
export async function loadParts(names: readonly string[]): Promise<void> {
  const loaded = new Set<string>();
  for (let round = 0; round < 4 && loaded.size < names.length; round += 1) {
    const ready = names.filter((name) => !loaded.has(name) && parts.has(name));
    if (ready.length === 0) return;
    await Promise.all(ready.map((name) => parts.get(name)?.()));
    for (const name of ready) loaded.add(name);
  }
}

/**
 * React `lazy` for a named export: the module loads on the component's first render, or before it by
 * `loadParts`, after which it draws at once. `load` must be an `import('...')` written out where it is
 * used, so that the bundler can split it. On the server the page notes the parts it drew.
 */
export function lazyNamed<Name extends string, Module extends Record<Name, AnyComponent>>(
  load: () => Promise<Module>,
  name: Name,
): ComponentType<ComponentProps<Module[Name]>> {
  let part: Module[Name] | null = null;
  const loadPart = () =>
    load().then((module) => {
      part = module[name];
      return part;
    });
  parts.set(name, () => loadPart().then(() => undefined));
  const Lazy = lazy(() => loadPart().then((loaded) => ({ default: loaded })));
  function LazyPart(props: ComponentProps<Module[Name]>) {
    useContext(ServerRenderContext)?.drewPart(name);
    return createElement(part ?? Lazy, props);
  }
  LazyPart.displayName = `Lazy(${name})`;
  return LazyPart;
}
