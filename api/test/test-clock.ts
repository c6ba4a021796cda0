import type { Clock } from '../lib/clock';

/** Follows real time, shifted by however far a test has moved it. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
