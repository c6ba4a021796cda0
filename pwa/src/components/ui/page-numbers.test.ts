import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-numbers';

describe('pageNumbers', () => {
  it('lists every page when there are at most 7', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, last and neighbouring pages when there are many', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageNumbers(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageNumbers(19, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });
});
