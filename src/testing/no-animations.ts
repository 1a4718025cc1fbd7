import { afterAll, beforeAll } from 'vitest';

/**
 * For component tests of Fluent dialogs and progress bars: happy-dom rejects a cancelled
 * animation that nobody awaits, which fails the run. Call inside a describe block.
 */
export function withoutAnimations() {
  const animate = Element.prototype.animate;
  beforeAll(() => {
    Element.prototype.animate = () => {
      throw new Error('no animations in tests');
    };
  });
  afterAll(() => {
    Element.prototype.animate = animate;
  });
}
