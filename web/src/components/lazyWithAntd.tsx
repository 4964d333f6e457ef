import type { ComponentProps, ComponentType, LazyExoticComponent } from 'react';
import { lazyWithTimeout } from '../lib/lazyWithTimeout';
import { allTextsReady } from '../lib/i18n';

const loadAntdRoot = () => import('./AntdRoot');

/**
 * A lazily loaded component that uses Ant Design, outside the logged-in app (whose frame sets Ant Design's theme):
 * a public page, or a dialog of the login page. Ant Design's theme and locale (AntdRoot) and all texts of the
 * language load beside it, not after it; the login page loads without them.
 */
export function lazyWithAntd<C extends ComponentType<any>>(
  loader: () => Promise<{ default: C }>,
): LazyExoticComponent<C> {
  return lazyWithTimeout(() =>
    Promise.all([loadAntdRoot(), loader(), allTextsReady()]).then(([{ AntdRoot }, { default: Inner }]) => {
      const WithAntd = (props: ComponentProps<C>) => (
        <AntdRoot>
          <Inner {...props} />
        </AntdRoot>
      );
      // The same props as the component it wraps.
      return { default: WithAntd as unknown as C };
    }),
  );
}
