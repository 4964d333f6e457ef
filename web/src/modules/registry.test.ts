import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@strazce/contract';
import { PAGES } from './registry';

describe('page registry', () => {
  it('has a page only for paths of the route table (the router knows no other path)', () => {
    const paths = new Set(APP_ROUTES.map((route) => route.path));
    const pages = Object.keys(PAGES);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((path) => !paths.has(path))).toEqual([]);
  });

  it('has a page for every path of the route table (every module has its screens)', () => {
    expect(APP_ROUTES.length).toBeGreaterThan(0);
    expect(APP_ROUTES.map((route) => route.path).filter((path) => !PAGES[path])).toEqual([]);
  });
});
