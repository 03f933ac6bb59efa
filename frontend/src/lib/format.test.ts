import { describe, expect, it } from 'vitest';
import { floorToRound, formatCompactCount, formatDistanceKm } from './format';

describe('floorToRound (「N件以上」)', () => {
  it.each([
    [10_342, 10_000],
    [12_890, 12_000],
    [9_999, 9_900],
    [153_000, 150_000],
    [1_000_000, 1_000_000],
    [99, 99],
    [0, 0],
  ])('%i → %i', (n, expected) => {
    expect(floorToRound(n)).toBe(expected);
  });
});

describe('formatDistanceKm', () => {
  it('uses metres under 1 km and km above', () => {
    expect(formatDistanceKm(0.234)).toEqual({ unit: 'm', value: '230' });
    expect(formatDistanceKm(1.26)).toEqual({ unit: 'km', value: '1.3' });
    expect(formatDistanceKm(12.4)).toEqual({ unit: 'km', value: '12' });
  });
});

describe('formatCompactCount (cluster bubbles)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1k'],
    [1_234, '1.2k'],
    [1_999, '1.9k'],
    [2_102, '2.1k'],
    [12_345, '12k'],
    [999_999, '999k'],
    [1_234_567, '1.2M'],
  ])('%i → %s', (n, expected) => {
    expect(formatCompactCount(n)).toBe(expected);
  });
});
