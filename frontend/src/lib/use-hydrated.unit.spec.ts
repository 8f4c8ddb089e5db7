import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useHydrated } from './use-hydrated';

function Marked() {
  return h('div', { 'data-hydrated': useHydrated() || undefined });
}

describe('useHydrated', () => {
  it('is false in the prerendered markup, so the attribute only appears once the browser has hydrated it', () => {
    expect(renderToStaticMarkup(h(Marked))).toBe('<div></div>');
  });
});
