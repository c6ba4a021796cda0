import { afterEach, describe, expect, it } from 'vitest';
import { addPreloadsAfterPaint, afterPaintPreloadsId } from './after-paint-preloads';

describe('the preloads a page rendered at build time adds after its first paint', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('are inert in their template, and links in the head once added, once', () => {
    document.head.innerHTML = `<template id="${afterPaintPreloadsId}"><link rel="modulepreload" crossorigin href="/assets/start-x.js"><link rel="preload" as="style" crossorigin href="/assets/start-x.css"></template>`;
    expect(document.head.querySelectorAll(':scope > link')).toHaveLength(0);
    addPreloadsAfterPaint();
    const links = [...document.head.querySelectorAll(':scope > link')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/assets/start-x.js', '/assets/start-x.css']);
    expect(document.getElementById(afterPaintPreloadsId)).toBeNull();
    addPreloadsAfterPaint();
    expect(document.head.querySelectorAll(':scope > link')).toHaveLength(2);
  });

  it('leave a page without them alone', () => {
    expect(() => addPreloadsAfterPaint()).not.toThrow();
  });
});
