import { describe, expect, it } from 'vitest';
import file from '../../src/contract/places.json';
import { type PlacesFile, foldForSearch, loadPlaces, searchPlaces } from '../../src/contract/places';
import { places, validCity } from '../../src/contract/placesData';

// The Philippines' bounding box, Kalayaan (Spratlys) and Y'Ami (Batanes) included.
const BOX = { south: 4.2, north: 21.2, west: 112, east: 127 };

describe('Philippine places data', () => {
  it('names its source and date', () => {
    expect((file as PlacesFile).source).toMatch(/PSGC/);
    expect((file as PlacesFile).generated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('has the 82 provinces, Metro Manila and BARMM’s Special Geographic Area, and every city and municipality', () => {
    expect(places.provinces).toHaveLength(84);
    expect(places.cities.length).toBeGreaterThanOrEqual(1640);
  });
  it('gives every province cities', () => {
    for (const province of places.provinces) expect(places.citiesOf(province.code).length, province.name).toBeGreaterThan(0);
  });
  it('has unique 10-digit codes', () => {
    const codes = [...places.provinces, ...places.cities].map((place) => place.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{10}$/);
  });
  it('files every city in a province that exists', () => {
    for (const city of places.cities) expect(places.province(city.provinceCode), city.name).toBeDefined();
  });
  it('places everything inside the Philippines', () => {
    for (const place of [...places.provinces, ...places.cities]) {
      expect(place.latitude, place.name).toBeGreaterThan(BOX.south);
      expect(place.latitude, place.name).toBeLessThan(BOX.north);
      expect(place.longitude, place.name).toBeGreaterThan(BOX.west);
      expect(place.longitude, place.name).toBeLessThan(BOX.east);
    }
  });
  it('files the highly urbanized cities where they lie, and NCR’s cities in Metro Manila', () => {
    const named = (name: string) =>
      places.cities.filter((city) => city.name === name).map((city) => places.province(city.provinceCode)?.name);
    expect(named('City of Baguio')).toEqual(['Benguet']);
    expect(named('City of Cebu')).toEqual(['Cebu']);
    expect(named('City of Davao')).toEqual(['Davao del Sur']);
    expect(named('City of Makati')).toEqual(['Metro Manila (NCR)']);
    expect(named('Pateros')).toEqual(['Metro Manila (NCR)']);
    // Manila's districts are not towns of their own.
    expect(named('Tondo I/II')).toEqual([]);
  });
  it('puts a city near where it is, not at a namesake (Lapu-Lapu is on Mactan, by Cebu City)', () => {
    const lapuLapu = places.cities.find((city) => city.name === 'City of Lapu-Lapu');
    expect(lapuLapu?.latitude).toBeCloseTo(10.3, 0);
    expect(lapuLapu?.longitude).toBeCloseTo(124.0, 0);
  });
});

describe('validCity', () => {
  const makati = places.cities.find((city) => city.name === 'City of Makati')!;
  it('accepts a city alone or with its province', () => {
    expect(validCity(makati.code)).toBe(true);
    expect(validCity(makati.code, makati.provinceCode)).toBe(true);
  });
  it('refuses a city in another province, an unknown code, or a province code as a city', () => {
    const cebu = places.provinces.find((province) => province.name === 'Cebu')!;
    expect(validCity(makati.code, cebu.code)).toBe(false);
    expect(validCity('0000000000')).toBe(false);
    expect(validCity(cebu.code)).toBe(false);
  });
});

describe('searching places', () => {
  it('ignores case and accents', () => {
    expect(foldForSearch('Parañaque')).toBe('paranaque');
    expect(searchPlaces(places.cities, 'paranaque').map((city) => city.name)).toEqual(['City of Parañaque']);
  });
  it('finds "City of X" by X, names starting with the query first', () => {
    const found = searchPlaces(places.cities, 'makati');
    expect(found[0]?.name).toBe('City of Makati');
  });
  it('matches every word', () => {
    const found = searchPlaces(places.cities, 'san jose');
    expect(found.length).toBeGreaterThan(5);
    for (const city of found) expect(foldForSearch(city.name)).toMatch(/san.*jose|jose.*san/);
  });
  it('an empty query lists everything', () => {
    expect(searchPlaces(places.provinces, '  ')).toHaveLength(places.provinces.length);
  });
  it('loads the same data lazily', async () => {
    const loaded = await loadPlaces();
    expect(loaded.cities).toHaveLength(places.cities.length);
  });
});
