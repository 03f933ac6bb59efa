import { describe, expect, it } from 'vitest';
import { CAR_SPEED_KMH, TRIP_DETOUR_FACTOR, WALK_SPEED_KMH } from './constants';
import { distanceParts, estimateMinutes, haversineM } from './distance';

describe('route distances and the rough time', () => {
  it('measures like the server (0.01° of longitude at 35°N ≈ 911 m)', () => {
    expect(haversineM({ lat: 35, lng: 139 }, { lat: 35, lng: 139.01 })).toBeCloseTo(910.9, 0);
  });

  it('estimates straight line × detour factor ÷ average speed', () => {
    expect(TRIP_DETOUR_FACTOR).toBe(1.3);
    expect(WALK_SPEED_KMH).toBe(4.8);
    expect(CAR_SPEED_KMH).toBe(20);
    // 4 km straight → 5.2 km → 65 min on foot, 15.6 min by car.
    expect(estimateMinutes(4000, 'walk')).toBe(65);
    expect(estimateMinutes(4000, 'car')).toBe(16);
    expect(estimateMinutes(0, 'walk')).toBe(1);
  });

  it('formats metres under 1 km and km above', () => {
    expect(distanceParts(843)).toEqual({ unit: 'm', value: '840' });
    expect(distanceParts(3210)).toEqual({ unit: 'km', value: '3.2' });
    expect(distanceParts(12_600)).toEqual({ unit: 'km', value: '13' });
  });
});
